import { domainRoutes, page } from '../screens.ts';

/** The signed-in user's own pages: profile, password and login log. */
export const infoRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/yuan/generic/user/log/index': page(() => import('./loginLog/UserLogPage.tsx'), 'UserLogPage'),
  '/info/index': page(() => import('./profile/InfoPage.tsx'), 'InfoPage'),
  // The menu's /info/pwd becomes /info/pwd/index (leaf rule); screenFor drops the suffix to find it here.
  '/info/pwd': page(() => import('./profile/PasswordPage.tsx'), 'PasswordPage'),
});
