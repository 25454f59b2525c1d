import type { SsoAuthorize } from '@yuan/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../stores/session.ts';
import { EmailCodeForm } from './EmailCodeForm.tsx';
import { useSsoAuthorize } from './useSsoAuthorize.ts';

/** The signed-in user's consent to the application's sign-in, then the e-mailed code when the tenant asks for it. */
export function ConsentCard({ request }: { request: SsoAuthorize }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useSession((state) => state.userInfo?.account ?? '');
  const { challenge, busy, authorize, confirm } = useSsoAuthorize(request);
  // Cancelling stays here: the redirect_uri is not verified until the server accepts the authorization.
  const cancel = () => navigate('/', { replace: true });

  return (
    <>
      <p className="login-card__subtitle">{t('sso.consent', { client: request.client_id, account })}</p>
      {challenge ? (
        <EmailCodeForm
          email={challenge.email}
          busy={busy}
          onConfirm={(code) => void confirm(code)}
          onCancel={cancel}
        />
      ) : (
        <div className="sso-actions">
          <Button type="primary" size="large" loading={busy} onClick={() => void authorize()}>
            {t('sso.authorize')}
          </Button>
          <Button size="large" onClick={cancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
        </div>
      )}
    </>
  );
}
