import { LockOutlined, MailOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { TokenResponse } from '@yuan/contract';
import { Button, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginField } from '../shared/LoginField.tsx';
import { type GuestValues, useGuestRegister } from './useGuestRegister.ts';
import '../shared/login.css';

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

  const field = (name: keyof GuestValues, label: string, input: ReactNode) => (
    <LoginField id={`guest-${name}`} label={label} error={errors[name]}>
      {input}
    </LoginField>
  );
  const status = (name: keyof GuestValues) => (errors[name] ? 'error' : undefined);

  return (
    <>
      <Modal
        open={!registered}
        width={600}
        title={t('social.guestTitle')}
        mask={{ closable: false }}
        onCancel={onDone}
        footer={[
          <Button key="cancel" onClick={onDone} disabled={form.submitting}>
            {t('common.cancel')}
          </Button>,
          <Button key="submit" type="primary" htmlType="submit" form={FORM_ID} loading={form.submitting}>
            {t('register.submit')}
          </Button>,
        ]}
      >
        <p>{t('social.guestHint')}</p>
        <form
          id={FORM_ID}
          className="login-form login-form--labelled"
          onSubmit={form.submit}
          noValidate
          aria-label={t('social.guestTitle')}
        >
          {field(
            'tenantId',
            t('register.tenant'),
            <Input id="guest-tenantId" prefix={<TeamOutlined />} value={values.tenantId} readOnly />,
          )}
          {field(
            'name',
            t('register.name'),
            <Input
              id="guest-name"
              maxLength={64}
              autoComplete="name"
              value={values.name}
              onChange={change('name')}
            />,
          )}
          {field(
            'account',
            t('register.account'),
            <Input
              id="guest-account"
              prefix={<UserOutlined />}
              maxLength={64}
              autoComplete="username"
              value={values.account}
              onChange={change('account')}
              status={status('account')}
            />,
          )}
          {field(
            'password',
            t('register.password'),
            <Input.Password
              id="guest-password"
              prefix={<LockOutlined />}
              maxLength={128}
              autoComplete="new-password"
              value={values.password}
              onChange={change('password')}
              status={status('password')}
            />,
          )}
          {field(
            'password2',
            t('register.password2'),
            <Input.Password
              id="guest-password2"
              prefix={<LockOutlined />}
              maxLength={128}
              autoComplete="new-password"
              value={values.password2}
              onChange={change('password2')}
              status={status('password2')}
            />,
          )}
          {field(
            'email',
            t('register.email'),
            <Input
              id="guest-email"
              type="email"
              prefix={<MailOutlined />}
              maxLength={128}
              autoComplete="email"
              value={values.email}
              onChange={change('email')}
              status={status('email')}
            />,
          )}
        </form>
      </Modal>
      {holder}
    </>
  );
}
