import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeFactor } from '../../../shared/api/mfa.ts';

interface Props {
  kind: 'totp' | 'passkey';
  id?: string;
  /** What is removed, as the user sees it. */
  label: string;
  onClose: (removed: boolean) => void;
}

/** Removing a factor asks for the password again: a left-open session alone must not weaken the account. */
export function RemoveFactorDialog({ kind, id, label, onClose }: Props) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      await removeFactor({ kind, id, password });
      onClose(true);
    } catch {
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('profile.mfa.removeTitle', { label })}
      okText={t('profile.mfa.remove')}
      okButtonProps={{ danger: true, disabled: !password, loading: busy }}
      onOk={remove}
      onCancel={() => onClose(false)}
    >
      <Typography.Paragraph>{t('profile.mfa.removeHint')}</Typography.Paragraph>
      <Input.Password
        autoFocus
        autoComplete="current-password"
        placeholder={t('profile.mfa.password')}
        aria-label={t('profile.mfa.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        onPressEnter={() => password && void remove()}
      />
    </Modal>
  );
}
