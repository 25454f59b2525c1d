import { encodeMessage, renderMessage } from '@yuan/contract/form-messages';
import { WALLET_MESSAGES } from '@yuan/contract/wallet/wallet';
import { Button, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../shared/hooks/useCountdown.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import type { PayProof } from '../shared/walletApi.ts';
import { walletApi } from '../shared/walletApi.ts';

export type ProofKind = 'password' | 'code';

/** A mailed code may be asked for again after this many seconds. */
export const CODE_RESEND_SECONDS = 60;

/** The proof the form holds, as the payment call takes it. */
export function proofOf(values: { proofKind?: ProofKind; password?: string; code?: string }): PayProof {
  return values.proofKind === 'code'
    ? { code: (values.code ?? '').trim() }
    : { password: values.password ?? '' };
}

/**
 * How the payer proves the wallet is theirs (form fields `proofKind`, `password`, `code`): the wallet password, or
 * the 4-digit code mailed to the wallet's address, which may be sent again after 60 s.
 */
export function ProofFields({ walletId, testId }: { walletId: string | undefined; testId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const form = Form.useFormInstance();
  const kind = (Form.useWatch('proofKind', form) as ProofKind | undefined) ?? 'password';
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const sendCode = async () => {
    if (!walletId) {
      return;
    }
    setSending(true);
    try {
      await walletApi.sendPayCode(walletId);
      countdown.start(CODE_RESEND_SECONDS);
      toastSuccess(t('walletTools.codeSent'));
    } catch {
      // The server's reason (e.g. mail is not configured) was shown as a toast; the password still works.
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Form.Item name="proofKind" label={t('walletTools.proof')} initialValue="password">
        <Radio.Group data-testid={`${testId}-proof-kind`}>
          <Radio value="password">{t('walletTools.proofPassword')}</Radio>
          <Radio value="code">{t('walletTools.proofCode')}</Radio>
        </Radio.Group>
      </Form.Item>
      {kind === 'password' ? (
        <Form.Item
          name="password"
          label={t('walletTools.password')}
          rules={[{ required: true, message: t('walletTools.passwordRequired') }]}
        >
          <Input.Password
            autoComplete="current-password"
            maxLength={128}
            data-testid={`${testId}-password`}
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('walletTools.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, message: t('walletTools.codeRequired') },
                { pattern: /^\d{4}$/, message: renderMessage(lang, encodeMessage(WALLET_MESSAGES.code)) },
              ]}
            >
              <Input
                maxLength={4}
                inputMode="numeric"
                autoComplete="one-time-code"
                data-testid={`${testId}-code`}
              />
            </Form.Item>
            <Button
              onClick={() => void sendCode()}
              loading={sending}
              disabled={!walletId || countdown.left > 0}
              data-testid={`${testId}-send-code`}
            >
              {countdown.left > 0
                ? t('walletTools.resendIn', { seconds: countdown.left })
                : t('walletTools.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
      )}
    </>
  );
}
