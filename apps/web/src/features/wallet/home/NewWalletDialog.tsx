import type { WalletRow } from '@yuan/contract';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Checkbox, Form, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import type { HostItem } from '../../../shared/schema-form/context.ts';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
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

/** The contract's limits on wallet names and e-mail addresses. */
const NAME_MAX = 64;
const EMAIL_MAX = 128;

/**
 * Creates a wallet (a new key made on the server) or imports one from its private key. The rules are the server's
 * (the same texts); whatever the server still refuses comes back as its message, which the request client shows.
 */
export function NewWalletDialog({ mode, onClose, onDone }: NewWalletDialogProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useBusy();
  const fields = useMemo<FormField[]>(
    () => [
      {
        type: 'input',
        prop: 'name',
        label: t('wallet.new.name'),
        placeholder: t('wallet.new.namePlaceholder'),
        maxlength: NAME_MAX,
      },
      ...(mode === 'import'
        ? [{ type: 'password', prop: 'privateKey', label: t('wallet.new.privateKey') }]
        : []),
      { type: 'password', prop: 'password', label: t('wallet.new.password') },
      { type: 'password', prop: 'password2', label: t('wallet.new.password2') },
      { type: 'input', prop: 'email', label: t('wallet.new.email'), maxlength: EMAIL_MAX },
    ],
    [mode, t],
  );
  // The server's rules with the server's texts (the contract's wallet messages).
  const rules = useMemo<Record<string, Rule[]>>(
    () => ({
      name: [{ max: NAME_MAX }],
      privateKey: [{ required: true, pattern: PRIVATE_KEY, message: ruleText(lang, 'privateKey') }],
      password: [{ required: true, min: WALLET_PASSWORD_MIN, message: ruleText(lang, 'password') }],
      password2: [
        { required: true, message: t('wallet.new.password2Required') },
        ({ getFieldValue }) => ({
          validator: (_, value: string | undefined) =>
            !value || value === getFieldValue('password')
              ? Promise.resolve()
              : Promise.reject(new Error(ruleText(lang, 'passwordsDiffer'))),
        }),
      ],
      email: [{ required: true, type: 'email', whitespace: true, message: ruleText(lang, 'email') }],
    }),
    [lang, t],
  );
  // Checked as they are typed, as the server's rules are shown here.
  const items = useMemo<Record<string, HostItem>>(
    () => ({
      name: { testId: 'wallet-form-name', validateTrigger: 'onChange' },
      privateKey: {
        testId: 'wallet-form-private-key',
        validateTrigger: 'onChange',
        extra: t('wallet.new.privateKeyHint'),
      },
      password: {
        testId: 'wallet-form-password',
        validateTrigger: 'onChange',
        extra: t('wallet.new.passwordHint'),
      },
      password2: { testId: 'wallet-form-password2', validateTrigger: 'onChange', dependencies: ['password'] },
      email: {
        testId: 'wallet-form-email',
        validateTrigger: 'onChange',
        extra: t('wallet.new.emailHint'),
        autoComplete: 'email',
        inputMode: 'email',
      },
    }),
    [t],
  );

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
        <SchemaFields fields={fields} rules={rules} items={items} />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('wallet.new.agreementText')}
        </Typography.Paragraph>
        {/* The acceptance of the terms is a checkbox beside its text, not a field of the wallet. */}
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
