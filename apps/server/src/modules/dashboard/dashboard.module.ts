import { DASHBOARD_PATH } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { Kdb } from '../../db/index.ts';
import { DashboardRepo } from './dashboard.repo.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';

/** The dashboard (/wel/dashboard): its repo, service and call, wired once. */
export function dashboardModule(db: Kdb) {
  const service = new DashboardService(new DashboardRepo(db));
  return async (app: FastifyInstance) => {
    await app.register(dashboardRoutes(service), { prefix: DASHBOARD_PATH });
  };
}
