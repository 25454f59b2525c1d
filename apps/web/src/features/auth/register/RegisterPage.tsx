import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RequestError, request } from '../../../shared/api/http.ts';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';
import { LoginField } from '../shared/LoginField.tsx';
import { LoginLanguage } from '../shared/LoginLanguage.tsx';
import {
  EMPTY_REGISTER,
  type RegisterErrors,
  type RegisterValues,
  validateRegister,
} from './registerForm.ts';
import '../shared/login.css';

const REGISTER = '/api/yuan-user/register-guest';

/** /register: a new account waits for an administrator, who grants it a role; then it can sign in. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTER);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const change = (field: keyof RegisterValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegister(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    setSubmitting(true);
    try {
      const answer = await request<{ msg: string }>(REGISTER, {
        method: 'POST',
        auth: false,
        silent: true,
        body: { ...values, tenantId: values.tenantId.trim(), account: values.account.trim() },
      });
      toastSuccess(answer.msg);
      navigate('/login', { replace: true });
    } catch (error) {
      // SPEC §5: the server's message, or 提交失败 when there is none (e.g. the network failed).
      toastError(
        error instanceof RequestError && error.status !== 0 && error.message
          ? error.message
          : t('register.failed'),
      );
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof RegisterValues, label: string, input: ReactNode) => (
    <LoginField id={`register-${name}`} label={label} error={errors[name]}>
      {input}
    </LoginField>
  );
  const status = (name: keyof RegisterValues) => (errors[name] ? 'error' : undefined);

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="register-heading">
        <h1 id="register-heading">{t('register.title')}</h1>
        <p className="login-card__subtitle">{t('register.subtitle')}</p>
        <form className="login-form" onSubmit={onSubmit} noValidate aria-label={t('register.submit')}>
          {field(
            'tenantId',
            t('register.tenant'),
            <Input
              id="register-tenantId"
              size="large"
              prefix={<TeamOutlined />}
              maxLength={12}
              value={values.tenantId}
              onChange={change('tenantId')}
              status={status('tenantId')}
            />,
          )}
          {field(
            'name',
            t('register.name'),
            <Input
              id="register-name"
              size="large"
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
              id="register-account"
              size="large"
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
              id="register-password"
              size="large"
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
              id="register-password2"
              size="large"
              prefix={<LockOutlined />}
              maxLength={128}
              autoComplete="new-password"
              value={values.password2}
              onChange={change('password2')}
              status={status('password2')}
            />,
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('register.submit')}
          </Button>
        </form>
        <div className="login-links">
          <LoginLanguage />
          <Link to="/login">{t('register.backToLogin')}</Link>
        </div>
      </section>
    </main>
  );
}
