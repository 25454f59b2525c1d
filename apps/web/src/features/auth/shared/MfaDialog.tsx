import { KeyOutlined } from '@ant-design/icons';
import { startAuthentication } from '@simplewebauthn/browser';
import type { MfaRequired, TokenResponse } from '@yuan/contract';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptLogin } from '../../../app/session/actions.ts';
import { loginByMfa, type MfaProof, signInPasskeyOptions, signInTotpSetup } from '../../../shared/api/mfa.ts';
import { toastError } from '../../../shared/ui/feedback.ts';
import { RecoveryCodes } from '../../../shared/mfa/RecoveryCodes.tsx';
import { TotpQr } from '../../../shared/mfa/TotpQr.tsx';

interface Props {
  challenge: MfaRequired;
  onSignedIn: () => void;
  onCancel: () => void;
}

/**
 * The second sign-in step: a code from the authenticator, a recovery code or a passkey. When the tenant requires a
 * factor the user lacks, the authenticator is added here first (QR code, then its first code), and the recovery
 * codes are shown once before the session starts.
 */
export function MfaDialog({ challenge, onSignedIn, onCancel }: Props) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [done, setDone] = useState<TokenResponse | null>(null);
  const token = challenge.mfa_token;

  useEffect(() => {
    if (challenge.setup) {
      signInTotpSetup(token).then(setSetup, () => onCancel());
    }
  }, [challenge.setup, token, onCancel]);

  const finish = async (answer: TokenResponse) => {
    if (answer.recovery_codes?.length) {
      setDone(answer);
      return;
    }
    await acceptLogin(answer);
    onSignedIn();
  };

  const prove = async (proof: () => Promise<MfaProof>) => {
    setBusy(true);
    try {
      await finish(await loginByMfa(token, await proof()));
    } catch {
      // The server's message is already on screen; the code is spent either way.
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const submitCode = () => {
    const value = code.trim();
    if (!value) {
      toastError(t(useRecovery ? 'mfa.recoveryRequired' : 'mfa.codeRequired'));
      return;
    }
    void prove(async () => (useRecovery ? { recovery_code: value } : { otp: value }));
  };

  const signInWithPasskey = () =>
    prove(async () => {
      const optionsJSON = await signInPasskeyOptions(token);
      try {
        return { passkey: JSON.stringify(await startAuthentication({ optionsJSON })) };
      } catch (error) {
        toastError(t('mfa.passkeyCancelled'));
        throw error;
      }
    });

  if (done) {
    return (
      <Modal
        open
        title={t('mfa.recoveryTitle')}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => acceptLogin(done).then(onSignedIn)}>
            {t('mfa.recoverySaved')}
          </Button>
        }
      >
        <RecoveryCodes codes={done.recovery_codes ?? []} />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t(challenge.setup ? 'mfa.setupTitle' : 'mfa.title')}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      footer={null}
    >
      <Flex vertical gap={12} data-testid="mfa-dialog">
        {challenge.setup && (
          <>
            <Typography.Paragraph>{t('mfa.setupHint')}</Typography.Paragraph>
            <TotpQr setup={setup} testId="mfa-secret" />
          </>
        )}
        {!challenge.setup && (
          <Typography.Paragraph>
            {t(useRecovery ? 'mfa.recoveryPrompt' : 'mfa.codePrompt')}
          </Typography.Paragraph>
        )}
        <Input
          size="large"
          autoFocus
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          maxLength={useRecovery ? 32 : 6}
          placeholder={t(useRecovery ? 'mfa.recoveryPlaceholder' : 'mfa.codePlaceholder')}
          aria-label={t(useRecovery ? 'mfa.recoveryPlaceholder' : 'mfa.codePlaceholder')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={submitCode}
        />
        <Button type="primary" size="large" block loading={busy} onClick={submitCode}>
          {t('mfa.verify')}
        </Button>
        {challenge.methods.includes('passkey') && (
          <Button size="large" block icon={<KeyOutlined />} disabled={busy} onClick={signInWithPasskey}>
            {t('mfa.usePasskey')}
          </Button>
        )}
        {challenge.methods.includes('recovery_code') && (
          <Button
            type="link"
            onClick={() => {
              setUseRecovery((value) => !value);
              setCode('');
            }}
          >
            {t(useRecovery ? 'mfa.useCode' : 'mfa.useRecovery')}
          </Button>
        )}
      </Flex>
    </Modal>
  );
}
