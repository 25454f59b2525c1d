import { domainRoutes, page } from '../screens.ts';

/** Flow services, process models, deployments, instances, tasks and the scheduled-tasks calendar. */
export const flowRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/scheduled/index': page(() => import('./scheduled/ScheduledPage.tsx'), 'ScheduledPage'),
  '/flow/service/index': page(() => import('./service/FlowServicePage.tsx'), 'FlowServicePage'),
  '/flow/model/index': page(() => import('./model/ModelPage.tsx'), 'ModelPage'),
  '/flow/manager/index': page(() => import('./manager/ManagerPage.tsx'), 'ManagerPage'),
  '/flow/follow/index': page(() => import('./follow/FollowPage.tsx'), 'FollowPage'),
  '/flow/work/index': page(() => import('./work/WorkPage.tsx'), 'WorkPage'),
});
