import { domainRoutes, page } from '../screens.ts';

/** The usual, API and error logs. */
export const monitorRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/monitor/log/usual/index': page(() => import('./log/usual/UsualLogPage.tsx'), 'UsualLogPage'),
  '/monitor/log/api/index': page(() => import('./log/api/ApiLogPage.tsx'), 'ApiLogPage'),
  '/monitor/log/error/index': page(() => import('./log/error/ErrorLogPage.tsx'), 'ErrorLogPage'),
});
