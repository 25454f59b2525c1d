import { domainRoutes, page } from '../screens.ts';

/** The welcome page and the dashboard (whose echarts come with its chunk). */
export const welRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/wel/index': page(() => import('./welcome/WelcomePage.tsx'), 'WelcomePage'),
  '/wel/dashboard/index': page(() => import('./dashboard/DashboardPage.tsx'), 'DashboardPage'),
});
