import { domainRoutes, page } from '../screens.ts';

/** Notices: their administration and the user's own. */
export const deskRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/desk/notice/index': page(() => import('./notice/NoticePage.tsx'), 'NoticePage'),
  '/yuan/generic/user/notice/index': page(() => import('./myNotice/UserNoticePage.tsx'), 'UserNoticePage'),
});
