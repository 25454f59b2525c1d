import type { WalletRow } from '@yuan/contract';
import { Checkbox, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { PRIVATE_KEY, ruleText, WALLET_PASSWORD_MIN } from '../shared/ruleText.ts';
import { walletApi } from '../shared/walletApi.ts';

export type NewWalletMode = 'create' | 'import';

interface Values {
  name?: string;
  privateKey?: string;
  password: string;
  password2: string;
  email: string;
  agreed?: boolean;
}

/** The contract's limit on wallet names. */
const NAME_MAX = 64;

/**
 * Creates a wallet (a new key made on the server) or imports one from its private key. The rules are the server's
 * (the same texts); whatever the server still refuses comes back as its message, which the request client shows.
 */
export function NewWalletDialog({ mode, onClose, onDone }: NewWalletDialogProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useBusy();

  const submit = () =>
    run(async () => {
      const values = await form.validateFields();
      const body = {
        ...(values.name?.trim() ? { name: values.name.trim() } : {}),
        password: values.password,
        password2: values.password2,
        email: values.email.trim(),
        agreed: true as const,
      };
      const wallet =
        mode === 'import'
          ? await walletApi.import({ ...body, privateKey: (values.privateKey ?? '').trim() })
          : await walletApi.create(body);
      onDone(wallet);
    });

  return (
    <ActionDialog
      testId={`wallet-${mode}-dialog`}
      title={t(`wallet.new.${mode}Title`)}
      okText={t(`wallet.new.${mode}`)}
      busy={busy}
      onOk={submit}
      onCancel={onClose}
      width={520}
    >
      <Form form={form} layout="vertical" name={`wallet-${mode}`} autoComplete="off" requiredMark>
        <Form.Item name="name" label={t('wallet.new.name')} rules={[{ max: NAME_MAX }]}>
          <Input
            placeholder={t('wallet.new.namePlaceholder')}
            maxLength={NAME_MAX}
            data-testid="wallet-form-name"
          />
        </Form.Item>
        {mode === 'import' ? (
          <Form.Item
            name="privateKey"
            label={t('wallet.new.privateKey')}
            rules={[{ required: true, pattern: PRIVATE_KEY, message: ruleText(lang, 'privateKey') }]}
            extra={t('wallet.new.privateKeyHint')}
          >
            <Input.Password autoComplete="off" data-testid="wallet-form-private-key" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="password"
          label={t('wallet.new.password')}
          rules={[{ required: true, min: WALLET_PASSWORD_MIN, message: ruleText(lang, 'password') }]}
          extra={t('wallet.new.passwordHint')}
        >
          <Input.Password autoComplete="new-password" data-testid="wallet-form-password" />
        </Form.Item>
        <Form.Item
          name="password2"
          label={t('wallet.new.password2')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('wallet.new.password2Required') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(ruleText(lang, 'passwordsDiffer'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="wallet-form-password2" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('wallet.new.email')}
          rules={[{ required: true, type: 'email', whitespace: true, message: ruleText(lang, 'email') }]}
          extra={t('wallet.new.emailHint')}
        >
          <Input type="email" maxLength={128} data-testid="wallet-form-email" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('wallet.new.agreementText')}
        </Typography.Paragraph>
        <Form.Item
          name="agreed"
          valuePropName="checked"
          rules={[
            {
              validator: (_, value: boolean | undefined) =>
                value ? Promise.resolve() : Promise.reject(new Error(ruleText(lang, 'agreement'))),
            },
          ]}
        >
          <Checkbox data-testid="wallet-form-agreed">{t('wallet.new.agreement')}</Checkbox>
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

interface NewWalletDialogProps {
  mode: NewWalletMode;
  onClose: () => void;
  onDone: (wallet: WalletRow) => void;
}
