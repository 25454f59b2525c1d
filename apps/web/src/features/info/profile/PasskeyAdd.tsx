import { PlusOutlined } from '@ant-design/icons';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyOptions, passkeyRegister } from '../../../shared/api/mfa.ts';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';

interface Props {
  onAdded: () => void;
}

/** Names a new passkey, then lets the browser create it (security key, phone or this device). */
export function PasskeyAdd({ onAdded }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    try {
      const optionsJSON = await passkeyOptions();
      let response: Awaited<ReturnType<typeof startRegistration>>;
      try {
        response = await startRegistration({ optionsJSON });
      } catch {
        toastError(t('mfa.passkeyCancelled'));
        return;
      }
      await passkeyRegister(name.trim(), response);
      toastSuccess(t('profile.mfa.passkeyAdded'));
      setOpen(false);
      setName('');
      onAdded();
    } catch {
      // The server's message is on screen.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<PlusOutlined />} disabled={!browserSupportsWebAuthn()} onClick={() => setOpen(true)}>
        {t('profile.mfa.passkeyAdd')}
      </Button>
      {open && (
        <Modal
          open
          title={t('profile.mfa.passkeyAdd')}
          okText={t('profile.mfa.passkeyCreate')}
          okButtonProps={{ disabled: !name.trim(), loading: busy }}
          onOk={add}
          onCancel={() => setOpen(false)}
        >
          <Input
            autoFocus
            maxLength={64}
            placeholder={t('profile.mfa.passkeyName')}
            aria-label={t('profile.mfa.passkeyName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => name.trim() && void add()}
          />
        </Modal>
      )}
    </>
  );
}
