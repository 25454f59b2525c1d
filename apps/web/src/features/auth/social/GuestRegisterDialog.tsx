import { MailOutlined } from '@ant-design/icons';
import type { TokenResponse } from '@yuan/contract';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RegisterFields } from '../register/RegisterFields.tsx';
import { LoginField } from '../shared/LoginField.tsx';
import { useGuestRegister } from './useGuestRegister.ts';
import '../shared/login.css';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';

const FORM_ID = 'guest-register-form';

interface Props {
  guest: TokenResponse;
  /** Leaving: after the registration was acknowledged, or when the guest closes the dialog. */
  onDone: () => void;
}

/** Shown to a guest of a third-party sign-in: it registers an account linked to that identity. */
export function GuestRegisterDialog({ guest, onDone }: Props) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const [registered, setRegistered] = useState(false);
  const form = useGuestRegister(guest, (message) => {
    setRegistered(true);
    // Only OK leaves: the guest session has ended on the server, so there is nothing to go back to.
    modal.success({ title: message, okText: t('common.ok'), keyboard: false, onOk: onDone });
  });
  const { values, errors, change } = form;

  return (
    <>
      <ActionDialog
        open={!registered}
        width={600}
        title={t('social.guestTitle')}
        onCancel={onDone}
        footer={[
          <Button key="cancel" onClick={onDone} disabled={form.submitting}>
            {t('common.cancel')}
          </Button>,
          <Button key="submit" type="primary" htmlType="submit" form={FORM_ID} loading={form.submitting}>
            {t('register.submit')}
          </Button>,
        ]}
        keepContent
      >
        <p>{t('social.guestHint')}</p>
        <form
          id={FORM_ID}
          className="login-form login-form--labelled"
          onSubmit={form.submit}
          noValidate
          aria-label={t('social.guestTitle')}
        >
          <RegisterFields idPrefix="guest" values={values} errors={errors} change={change} tenantReadOnly />
          <LoginField id="guest-email" label={t('register.email')} error={errors.email}>
            <Input
              id="guest-email"
              type="email"
              prefix={<MailOutlined />}
              maxLength={128}
              autoComplete="email"
              value={values.email}
              onChange={change('email')}
              status={errors.email ? 'error' : undefined}
            />
          </LoginField>
        </form>
      </ActionDialog>
      {holder}
    </>
  );
}
