import { idQuery, idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { DatasourceToolsService } from './datasource-tools.service.ts';

const tags = ['datasource'];
// The outside server may take its 5 s: no unit of work is held meanwhile (the service opens its own short one).
const config = { scope: 'manual' } as const;
const columnsQuery = z.strictObject({
  id: idString,
  table: z.string().min(1).max(63),
  schema: z.string().min(1).max(63).optional(),
});

/** The datasource screen's `test` button and the code generator's table and column pickers. */
export function datasourceToolsRoutes(service: DatasourceToolsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/test',
      {
        config: { ...config, perm: ['datasource_test'] },
        schema: { tags, body: z.strictObject({ id: idString }) },
      },
      async (req) => ok(req.lang, await service.test(caller(req).tenantId, req.body.id)),
    );
    r.get(
      '/tables',
      { config: { ...config, perm: ['datasource', 'code'] }, schema: { tags, querystring: idQuery } },
      async (req) => ok(req.lang, await service.tables(caller(req).tenantId, req.query.id)),
    );
    r.get(
      '/columns',
      { config: { ...config, perm: ['datasource', 'code'] }, schema: { tags, querystring: columnsQuery } },
      async (req) =>
        ok(
          req.lang,
          await service.columns(caller(req).tenantId, req.query.id, req.query.table, req.query.schema),
        ),
    );
  };
}
