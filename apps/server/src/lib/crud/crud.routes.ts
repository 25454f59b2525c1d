import { idList, idQuery, idString, type PageQuery, type Resource, screenCodes } from '@yuan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { badRequest } from '../errors.ts';
import type { CrudService } from './crud.service.ts';

/** list, detail, submit and remove of one resource, each guarded by its menu or button code. */
export function crudRoutes(res: Resource, service: CrudService) {
  /** The menu code, or a button of it, on this resource's screen or any other screen managing it. */
  const codes = (suffix = '') => screenCodes(res, suffix);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = [res.name];

    // Reads are GET, except where the specification makes them POST (filters stay in the query string).
    const read = res.readMethod ?? 'GET';
    // A read sent as POST is still a read for the API log.
    const readConfig = read === 'POST' ? ({ log: 'read' } as const) : {};
    r.route({
      method: read,
      url: res.listPath ?? '/list',
      config: { perm: codes(), ...readConfig },
      schema: { tags, querystring: res.search },
      handler: async (request) =>
        ok(
          request.lang,
          await service.list(caller(request), request.query as Record<string, unknown> & PageQuery),
        ),
    });

    r.route({
      method: read,
      url: '/detail',
      config: { perm: codes(), ...readConfig },
      schema: { tags, querystring: idQuery },
      handler: async (request) => ok(request.lang, await service.detail(caller(request), request.query.id)),
    });

    if (res.tree) {
      // Dictionaries narrow the tree to one code; the platform tenant may ask for another tenant's tree (tenantId).
      const tenantId = z
        .string()
        .regex(/^[0-9A-Za-z]{1,12}$/)
        .optional();
      const treeQuery = z.strictObject(
        res.fields.code ? { code: z.string().max(64).optional(), tenantId } : { tenantId },
      );
      r.get(
        '/tree',
        { config: { perm: codes() }, schema: { tags, querystring: treeQuery } },
        async (request) =>
          ok(
            request.lang,
            await service.tree(caller(request), request.query as { code?: string; tenantId?: string }),
          ),
      );
      const parentQuery = z.strictObject({ parentId: idString.optional() });
      for (const url of ['/lazy-list', '/lazy-tree']) {
        r.get(
          url,
          { config: { perm: codes() }, schema: { tags, querystring: parentQuery } },
          async (request) => {
            const rows = await service.children(caller(request), request.query.parentId ?? '0');
            const label = res.tree?.label ?? 'id';
            return ok(
              request.lang,
              url === '/lazy-list'
                ? rows
                : rows.map((row) => ({
                    id: row.id,
                    parentId: row.parentId,
                    title: row[label],
                    value: row.id,
                    key: row.id,
                    hasChildren: row.hasChildren,
                  })),
            );
          },
        );
      }
    }

    if (res.readOnly) {
      return;
    }

    r.post(
      '/submit',
      {
        config: {
          perm: (request) => codes((request.body as { id?: string } | undefined)?.id ? '_edit' : '_add'),
        },
        schema: { tags, body: res.form },
      },
      async (request) => {
        const saved = await service.submit(caller(request), request.body as Record<string, unknown>);
        return ok(request.lang, saved);
      },
    );

    removeRoute(app, '/remove', codes('_delete'), tags, (request, ids) =>
      service.remove(caller(request), ids),
    );
  };
}

/**
 * A removal by ids: the web sends them in the query string (as the original client did) or in a JSON body, as a
 * comma string or an array.
 */
export function removeRoute(
  app: FastifyInstance,
  url: string,
  perm: string[],
  tags: string[],
  remove: (request: FastifyRequest, ids: string[]) => Promise<void>,
): void {
  app.post(
    url,
    {
      config: { perm },
      schema: {
        tags,
        querystring: z.strictObject({ ids: idList.optional() }),
        body: z.strictObject({ ids: idList }).nullish(),
      },
    },
    async (request) => {
      const { query, body } = request as unknown as {
        query: { ids?: string };
        body: { ids?: string } | null;
      };
      const ids = body?.ids ?? query.ids;
      if (!ids) {
        throw badRequest('error.missingParam', { name: 'ids' });
      }
      await remove(request, ids.split(','));
      return ok(request.lang, true);
    },
  );
}
