import { domainRoutes, page } from '../screens.ts';

/** Reached from the help dialog's "manage videos" link (a hidden menu). */
export const helpRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/help/video/index': page(() => import('./video/HelpVideoPage.tsx'), 'HelpVideoPage'),
});
