import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../shared/api/http.ts';
import { useLock } from '../stores/lock.ts';
import { useSession } from '../stores/session.ts';
import { decideRoute, isLoginPath, isPublicPath, pageTitle } from './guard.ts';
import { bindNavigator, navigateTo } from './navigation.ts';
import { forcedLogout } from './session/actions.ts';
import { startTokenLifecycle } from './session/tokenLifecycle.ts';

/** Public pages titled by their own name (the login pages have theirs from pageTitle). */
const PUBLIC_TITLES: Record<string, string> = {
  '/lock': 'lock.title',
  '/oauth/social': 'social.divider',
  '/oauth/authorize': 'sso.title',
};

/** Clears the session, then goes to /login (guard: no token on a protected page). */
function LogoutRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    forcedLogout();
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/** Applies the guard of SPEC §2 before anything below renders. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const locked = useLock((state) => state.isLock);
  const signingIn = useSession((state) => state.signingIn);

  useEffect(() => {
    bindNavigator((to, options) => navigate(to, options));
    onUnauthorized(() => {
      forcedLogout();
      navigateTo('/login');
    });
    return () => bindNavigator(null);
  }, [navigate]);

  useEffect(() => {
    if (!token) {
      return undefined;
    }
    return startTokenLifecycle();
  }, [token]);

  // The sign-in has landed (or went elsewhere, as a social sign-in's guest does): the guard is in charge again.
  useEffect(() => {
    if (signingIn && !isLoginPath(location.pathname)) {
      useSession.getState().endSignIn();
    }
  }, [signingIn, location.pathname]);

  // Public pages are titled here; pages inside the layout are titled from their tab.
  useEffect(() => {
    if (isPublicPath(location.pathname)) {
      const key = PUBLIC_TITLES[location.pathname];
      const label = key ? t(key) : '';
      document.title = pageTitle(location.pathname, label, t('app.title'), t('login.pageTitle'));
    }
  }, [location.pathname, t]);

  const decision = decideRoute({ path: location.pathname, hasToken: Boolean(token), locked, signingIn });
  if (decision.kind === 'redirect') {
    return <Navigate to={decision.to} replace />;
  }
  if (decision.kind === 'logout') {
    return <LogoutRedirect to={decision.to} />;
  }
  return children;
}
