import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyScreen, page } from '../features/screens.ts';
import { DownloadScreen } from '../features/shell/routes.ts';
import { PageSpinner } from '../shared/components/PageSpinner.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { RouteGuard } from './RouteGuard.tsx';

// Every route is its own chunk: the login page must not pay for the layout (scripts/bundle-budget.mjs checks).
const LoginPage = lazy(() =>
  import('../features/auth/login/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const Login2Page = lazy(() =>
  import('../features/auth/login2/Login2Page.tsx').then((m) => ({ default: m.Login2Page })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/register/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);
const SocialCallbackPage = lazy(() =>
  import('../features/auth/social/SocialCallbackPage.tsx').then((m) => ({ default: m.SocialCallbackPage })),
);
const AuthorizePage = lazy(() =>
  import('../features/auth/sso/AuthorizePage.tsx').then((m) => ({ default: m.AuthorizePage })),
);
const LockPage = lazy(() =>
  import('../features/auth/lock/LockPage.tsx').then((m) => ({ default: m.LockPage })),
);
// The web chat popup's page (SPEC §2): signed-in, outside the layout; its texts come with it.
const WebChatPage = lazyScreen(
  () => import('../features/webchat/i18n/index.ts'),
  page(() => import('../features/webchat/WebChatPage.tsx'), 'WebChatPage'),
);
const ErrorPage = lazy(() =>
  import('../features/shell/status/ErrorStatusPage.tsx').then((m) => ({ default: m.ErrorStatusPage })),
);
const MainLayout = lazy(() => import('./layout/MainLayout.tsx').then((m) => ({ default: m.MainLayout })));

export function AppRoutes() {
  return (
    <RouteGuard>
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/login2" element={<Login2Page />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/oauth/social" element={<SocialCallbackPage />} />
            <Route path="/oauth/authorize" element={<AuthorizePage />} />
            <Route path="/lock" element={<LockPage />} />
            <Route path="/webchat" element={<WebChatPage />} />
            <Route path="/download" element={<DownloadScreen />} />
            <Route path="/404" element={<ErrorPage status="404" />} />
            <Route path="/403" element={<ErrorPage status="403" />} />
            <Route path="/500" element={<ErrorPage status="500" />} />
            <Route path="/" element={<Navigate to="/wel" replace />} />
            <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
            <Route path="*" element={<MainLayout />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </RouteGuard>
  );
}
