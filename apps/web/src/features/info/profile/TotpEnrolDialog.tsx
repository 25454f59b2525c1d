import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { totpConfirm, totpSetup } from '../../../shared/api/mfa.ts';
import { RecoveryCodes } from '../../../shared/mfa/RecoveryCodes.tsx';
import { TotpQr } from '../../../shared/mfa/TotpQr.tsx';

interface Props {
  onClose: () => void;
}

/** Adds an authenticator: scan, type its first code, then keep the recovery codes (shown once). */
export function TotpEnrolDialog({ onClose }: Props) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    totpSetup().then(setSetup, onClose);
  }, [onClose]);

  const confirm = async () => {
    setBusy(true);
    try {
      setCodes((await totpConfirm(code.trim())).recoveryCodes);
    } catch {
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(codes ? 'mfa.recoveryTitle' : 'profile.mfa.totpAdd')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        codes ? (
          <Button type="primary" onClick={onClose}>
            {t('mfa.recoverySaved')}
          </Button>
        ) : (
          <Button type="primary" loading={busy} disabled={!/^\d{6}$/.test(code.trim())} onClick={confirm}>
            {t('mfa.verify')}
          </Button>
        )
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <Flex vertical gap={12} data-testid="totp-enrol">
          <Typography.Paragraph>{t('profile.mfa.totpHint')}</Typography.Paragraph>
          <TotpQr setup={setup} testId="totp-secret" />
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={t('mfa.codePlaceholder')}
            aria-label={t('mfa.codePlaceholder')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onPressEnter={() => /^\d{6}$/.test(code.trim()) && void confirm()}
          />
        </Flex>
      )}
    </Modal>
  );
}
