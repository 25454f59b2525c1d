import { dashboardQuery } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { DashboardService } from './dashboard.service.ts';

const tags = ['dashboard'];

/** The dashboard's figures for a range of days of the tenant's time zone (menu dashboard). */
export function dashboardRoutes(service: DashboardService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/figures',
      { config: { perm: ['dashboard'] }, schema: { tags, querystring: dashboardQuery } },
      async (req) => ok(req.lang, await service.figures(caller(req), req.query)),
    );
  };
}
