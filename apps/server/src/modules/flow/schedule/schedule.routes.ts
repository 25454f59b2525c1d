import { idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { ScheduleRepo } from './schedule.repo.ts';
import { nextRunAt } from './script-scheduler.ts';

const tags = ['scheduled'];
const PERM = ['scheduled'];
const MAX_RANGE_MS = 62 * 24 * 3600 * 1000;
/** Planned times answered at most, per service and in all. */
const PER_SERVICE = 500;
const IN_ALL = 2000;

/** The calendar of scheduled services (/scheduled): past runs with their outcome, and the planned times ahead. */
export function scheduleRoutes(repo: ScheduleRepo, zoneOf: (tenantId: string) => Promise<string>) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/calendar',
      {
        config: { perm: PERM },
        schema: {
          tags,
          querystring: z.strictObject({
            start: z.iso.datetime({ offset: true }),
            end: z.iso.datetime({ offset: true }),
            serviceId: idString.optional(),
          }),
        },
      },
      async (req) => {
        const { tenantId } = caller(req);
        const from = new Date(req.query.start);
        const to = new Date(req.query.end);
        if (!(to > from) || to.getTime() - from.getTime() > MAX_RANGE_MS) {
          throw badRequest('error.validation', { field: 'end', detail: 'after start, at most 62 days' });
        }
        const upcoming: { serviceId: string; serviceName: string; path: string; at: Date }[] = [];
        const zone = await zoneOf(tenantId);
        const { serviceId } = req.query;
        for (const s of await repo.scheduled(tenantId, serviceId)) {
          let at = new Date(Math.max(from.getTime(), Date.now()) - 1);
          for (let n = 0; n < PER_SERVICE && upcoming.length < IN_ALL; n++) {
            let next: Date | undefined;
            try {
              next = nextRunAt(s.cron, s.timeZone || zone, at);
            } catch {
              break;
            }
            if (!next || next >= to) {
              break;
            }
            upcoming.push({ serviceId: s.id, serviceName: s.name, path: s.path, at: next });
            at = next;
          }
        }
        return ok(req.lang, { runs: await repo.runs(tenantId, from, to, serviceId), upcoming });
      },
    );
    r.get(
      '/run/:id',
      { config: { perm: PERM }, schema: { tags, params: z.strictObject({ id: idString }) } },
      async (req) => {
        const run = await repo.run(caller(req).tenantId, req.params.id);
        if (!run) {
          throw notFound();
        }
        return ok(req.lang, run);
      },
    );
  };
}
