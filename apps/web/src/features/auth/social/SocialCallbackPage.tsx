import { Button, Result } from 'antd';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { landingPage, logout } from '../../../app/session/actions.ts';
import { PageSpinner } from '../../../shared/components/PageSpinner.tsx';
import { useSecondStep } from '../shared/useSecondStep.tsx';
import { useSocialCallback } from './useSocialCallback.ts';
import '../shared/login.css';

// Only guests need the form (and its e-mail check): a user's sign-in passes straight through to '/'.
const GuestRegisterDialog = lazy(() =>
  import('./GuestRegisterDialog.tsx').then((m) => ({ default: m.GuestRegisterDialog })),
);

/** /oauth/social: where the third-party provider sends the browser back after its sign-in. */
export function SocialCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toLogin = useCallback(() => navigate('/login', { replace: true }), [navigate]);
  const secondStep = useSecondStep(
    () => void landingPage().then((path) => navigate(path, { replace: true })),
    toLogin,
  );
  const outcome = useSocialCallback(secondStep.take);

  // A guest leaves signed out, registered or not (its token is good for nothing else).
  const leave = useCallback(async () => {
    await logout(true).catch(() => undefined);
    navigate('/login', { replace: true });
  }, [navigate]);

  if (outcome.kind === 'second') {
    return <main className="login-page">{secondStep.dialog}</main>;
  }
  if (outcome.kind === 'pending') {
    return <PageSpinner label={t('social.signingIn')} />;
  }
  if (outcome.kind === 'failed') {
    return (
      <main className="error-status">
        <Result
          status="error"
          title={t('social.failed')}
          subTitle={outcome.message}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              {t('register.backToLogin')}
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <main className="login-page">
      <Suspense fallback={<PageSpinner />}>
        <GuestRegisterDialog guest={outcome.guest} onDone={() => void leave()} />
      </Suspense>
    </main>
  );
}
