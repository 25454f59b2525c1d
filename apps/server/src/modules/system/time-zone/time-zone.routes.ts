import { timeZoneBody } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { TimeZoneService } from './time-zone.service.ts';

/** The tenant's time zone: every signed-in user reads it (the web shows times in it); the time-zone menu sets it. */
export function timeZoneRoutes(zones: TimeZoneService, params: CrudService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['time-zone'];

    r.get('/detail', { schema: { tags } }, async (request) =>
      ok(request.lang, await zones.detail(caller(request))),
    );

    r.post(
      '/submit',
      { config: { perm: 'timeZone' }, schema: { tags, body: timeZoneBody } },
      async (request) => ok(request.lang, await zones.save(caller(request), params, request.body.timeZone)),
    );
  };
}
