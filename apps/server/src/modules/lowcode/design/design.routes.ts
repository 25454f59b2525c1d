import { idList, idQuery, idString, type PageQuery } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { removeRoute } from '../../../lib/crud/crud.routes.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { EntityDataService } from '../entity/entity-data.service.ts';
import type { DesignService } from './design.service.ts';

/** The entity-data filters of a grid's query: checked by the entity's own definition. */
const gridQuery = z.record(z.string().max(64), z.string().max(1000)).and(z.object({ gridId: idString }));

/**
 * `dtpage/*` and `dtgrid/*`: one route family for both kinds of design, on the generic CRUD. A grid also answers its
 * configuration with its entity's, and its entity's rows.
 */
export function designRoutes(design: DesignService, data: EntityDataService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { kind, res } = design;
    const base = `/dt${kind}`;
    const perm = [kind];
    const tags = [kind];
    const label = kind === 'page' ? 'Page' : 'Grid';
    r.get(`${base}/fnList`, { config: { perm }, schema: { tags, querystring: res.search } }, async (req) =>
      ok(req.lang, await design.list(caller(req), req.query as Record<string, unknown> & PageQuery)),
    );
    r.get(`${base}/getDetail`, { config: { perm }, schema: { tags, querystring: idQuery } }, async (req) =>
      ok(req.lang, await design.crud.detail(caller(req), req.query.id)),
    );
    r.post(
      `${base}/fnSaveOrUpdate`,
      {
        config: {
          perm: (req) => [`${kind}${(req.body as { id?: string } | undefined)?.id ? '_edit' : '_add'}`],
        },
        schema: { tags, body: res.form },
      },
      async (req) => ok(req.lang, await design.crud.submit(caller(req), req.body as Record<string, unknown>)),
    );
    r.get(
      `${base}/check${label}NoExist`,
      {
        config: { perm },
        schema: {
          tags,
          querystring: z.strictObject({ [design.no]: z.string().min(1).max(64), id: idString.optional() }),
        },
      },
      async (req) => {
        const query = req.query as Record<string, string>;
        return ok(req.lang, await design.exists(caller(req), query[design.no] ?? '', query.id));
      },
    );
    const byId = { tags, body: z.strictObject({ id: idString }) };
    r.post(`${base}/copy`, { config: { perm: [`${kind}_copy`] }, schema: byId }, async (req) =>
      ok(req.lang, await design.copy(caller(req), req.body.id)),
    );
    r.post(`${base}/default`, { config: { perm: [`${kind}_default`] }, schema: byId }, async (req) => {
      await design.makeDefault(caller(req), req.body.id);
      return ok(req.lang, true);
    });
    if (kind === 'page') {
      removeRoute(app, `${base}/remove`, [`${kind}_delete`], tags, (req, ids) =>
        design.crud.remove(caller(req), ids),
      );
      return;
    }
    // The origin removes a grid with a GET of its id.
    r.get(
      `${base}/remove`,
      { config: { perm: [`${kind}_delete`] }, schema: { tags, querystring: z.strictObject({ id: idList }) } },
      async (req) => {
        await design.crud.remove(caller(req), req.query.id.split(','));
        return ok(req.lang, true);
      },
    );
    const reader = [kind, 'gridData'];
    r.get(
      `${base}/queryConfigByGridId`,
      { config: { perm: reader }, schema: { tags, querystring: z.strictObject({ gridId: idString }) } },
      async (req) => {
        const grid = await design.crud.detail(caller(req), req.query.gridId);
        return ok(req.lang, { grid, entity: await data.config(caller(req), String(grid.entId)) });
      },
    );
    r.get(
      `${base}/queryDataByFields`,
      { config: { perm: reader }, schema: { tags, querystring: gridQuery } },
      async (req) => {
        const { gridId, ...query } = req.query;
        const grid = await design.crud.detail(caller(req), gridId);
        return ok(req.lang, await data.list(caller(req), String(grid.entId), query));
      },
    );
  };
}
