import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { LoginLanguage } from '../shared/LoginLanguage.tsx';
import { RegisterFields } from './RegisterFields.tsx';
import { EMPTY_REGISTER, validateRegister } from './registerForm.ts';
import { useRegisterForm } from './useRegisterForm.ts';
import '../shared/login.css';

/** /register: a new account waits for an administrator, who grants it a role; then it can sign in. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useRegisterForm({
    initial: EMPTY_REGISTER,
    validate: validateRegister,
    auth: false,
    onRegistered: (message) => {
      toastSuccess(message);
      navigate('/login', { replace: true });
    },
  });

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="register-heading">
        <h1 id="register-heading">{t('register.title')}</h1>
        <p className="login-card__subtitle">{t('register.subtitle')}</p>
        <form className="login-form" onSubmit={form.submit} noValidate aria-label={t('register.submit')}>
          <RegisterFields
            idPrefix="register"
            size="large"
            values={form.values}
            errors={form.errors}
            change={form.change}
          />
          <Button type="primary" htmlType="submit" size="large" block loading={form.submitting}>
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
