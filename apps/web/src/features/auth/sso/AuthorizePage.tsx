import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../stores/session.ts';
import { LoginLanguage } from '../shared/LoginLanguage.tsx';
import { LoginMethods } from '../shared/LoginMethods.tsx';
import { ConsentCard } from './ConsentCard.tsx';
import { readSsoRequest } from './ssoRequest.ts';
import '../shared/login.css';

// Signing in here must not leave the page: the new session re-renders it into the consent card.
const stayHere = () => undefined;

/** /oauth/authorize: another application asks to sign the user in with their Yuan Admin account. */
export function AuthorizePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useSession((state) => state.token);
  const request = readSsoRequest(params);

  if (!request) {
    return (
      <main className="error-status">
        <Result
          status="error"
          title={t('sso.invalidTitle')}
          subTitle={t('sso.invalidText')}
          extra={
            <Button type="primary" onClick={() => navigate('/', { replace: true })}>
              {t('errors.back')}
            </Button>
          }
        />
      </main>
    );
  }

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="sso-heading">
        <h1 id="sso-heading">{t('sso.title')}</h1>
        {token ? (
          <ConsentCard request={request} />
        ) : (
          <>
            <p className="login-card__subtitle">{t('sso.signInFirst', { client: request.client_id })}</p>
            <LoginMethods onSignedIn={stayHere} />
          </>
        )}
        <div className="login-links">
          <LoginLanguage />
        </div>
      </section>
    </main>
  );
}
