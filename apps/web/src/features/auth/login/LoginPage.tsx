import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginLanguage } from '../shared/LoginLanguage.tsx';
import { LoginMethods } from '../shared/LoginMethods.tsx';

/** /login: centred card. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-heading">
        <h1 id="login-heading">{t('app.title')}</h1>
        <p className="login-card__subtitle">{t('login.subtitle')}</p>
        <LoginMethods />
        <div className="login-links">
          <LoginLanguage />
          <Link to="/register">{t('register.link')}</Link>
          <Link to="/login2">{t('login.otherLayout')}</Link>
        </div>
      </section>
    </main>
  );
}
