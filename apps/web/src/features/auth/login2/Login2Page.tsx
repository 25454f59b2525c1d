import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginLanguage } from '../shared/LoginLanguage.tsx';
import { LoginMethods } from '../shared/LoginMethods.tsx';

/** /login2: the alternative layout — a brand panel beside the form. */
export function Login2Page() {
  const { t } = useTranslation();
  return (
    <main className="login-split">
      <aside className="login-split__aside">
        <h2>{t('login.asideTitle')}</h2>
        <p>{t('login.asideText')}</p>
      </aside>
      <section className="login-split__main" aria-labelledby="login2-heading">
        <h1 id="login2-heading">{t('login.heading')}</h1>
        <p>{t('login.subtitle')}</p>
        <LoginMethods />
        <div className="login-links">
          <LoginLanguage />
          <Link to="/register">{t('register.link')}</Link>
          <Link to="/login">{t('login.otherLayout')}</Link>
        </div>
      </section>
    </main>
  );
}
