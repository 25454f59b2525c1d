import { eleDefResource, idQuery, type PageQuery } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import { removeRoute } from '../../../lib/crud/crud.routes.ts';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import { notFound } from '../../../lib/errors.ts';

const PERM = ['element', 'entity'];
const codes = (suffix: string) => PERM.map((p) => `${p}${suffix}`);

/** Element definitions at the origin's paths (`dt/*`, `dtEleDef/*`), served by the generic CRUD. */
export function elementRoutes(service: CrudService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['eleDef'];
    r.get(
      '/dt/fnList',
      { config: { perm: PERM }, schema: { tags, querystring: eleDefResource.search } },
      async (req) =>
        ok(req.lang, await service.list(caller(req), req.query as Record<string, unknown> & PageQuery)),
    );
    r.get(
      '/dt/fnFindByDefNo',
      {
        config: { perm: PERM },
        schema: { tags, querystring: z.strictObject({ defNo: z.string().min(1).max(64) }) },
      },
      async (req) => {
        const page = await service.list(caller(req), { current: 1, size: 100, defNo: req.query.defNo });
        const found = page.records.find((row) => row.defNo === req.query.defNo);
        if (!found) {
          throw notFound();
        }
        return ok(req.lang, found);
      },
    );
    r.post(
      '/dt/fnSaveOrUpdate',
      {
        config: { perm: (req) => codes((req.body as { id?: string } | undefined)?.id ? '_edit' : '_add') },
        schema: { tags, body: eleDefResource.form },
      },
      async (req) => ok(req.lang, await service.submit(caller(req), req.body as Record<string, unknown>)),
    );
    for (const url of ['/dtEleDef/getDetail', '/dtEleDef/getOne']) {
      r.get(url, { config: { perm: PERM }, schema: { tags, querystring: idQuery } }, async (req) =>
        ok(req.lang, await service.detail(caller(req), req.query.id)),
      );
    }
    removeRoute(app, '/dtEleDef/remove', codes('_delete'), tags, (req, ids) =>
      service.remove(caller(req), ids),
    );
  };
}
