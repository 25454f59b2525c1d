import { DASHBOARD_PATH } from '@yuan/contract';
import { defineModule } from '../../lib/module/module.ts';
import { DashboardRepo } from './dashboard.repo.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';

/** The dashboard (/wel/dashboard). */
export const dashboardModule = defineModule({
  name: 'dashboard',
  build({ db, caches }) {
    const service = new DashboardService(new DashboardRepo(db), caches);
    return {
      provides: {},
      async register(app) {
        await app.register(dashboardRoutes(service), { prefix: DASHBOARD_PATH });
      },
    };
  },
});
