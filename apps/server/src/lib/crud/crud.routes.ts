import { idList, idQuery, type PageQuery, type Resource } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { badRequest } from '../errors.ts';
import type { CrudService } from './crud.service.ts';

/** list, detail, submit and remove of one resource, each guarded by its menu or button code. */
export function crudRoutes(res: Resource, service: CrudService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = [res.name];

    // Reads are GET, except where the specification makes them POST (filters stay in the query string).
    const read = res.readMethod ?? 'GET';
    r.route({
      method: read,
      url: '/list',
      config: { perm: res.perm },
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
      config: { perm: res.perm },
      schema: { tags, querystring: idQuery },
      handler: async (request) => ok(request.lang, await service.detail(caller(request), request.query.id)),
    });

    r.post(
      '/submit',
      {
        config: {
          perm: (request) =>
            `${res.perm}_${(request.body as { id?: string } | undefined)?.id ? 'edit' : 'add'}`,
        },
        schema: { tags, body: res.form },
      },
      async (request) => {
        const saved = await service.submit(caller(request), request.body as Record<string, unknown>);
        return ok(request.lang, saved);
      },
    );

    // The web sends ids in the query string (as the original client did) or in a JSON body.
    r.post(
      '/remove',
      {
        config: { perm: `${res.perm}_delete` },
        schema: {
          tags,
          querystring: z.strictObject({ ids: idList.optional() }),
          body: z.strictObject({ ids: idList }).nullish(),
        },
      },
      async (request) => {
        const ids = request.body?.ids ?? request.query.ids;
        if (!ids) {
          throw badRequest('error.missingParam', { name: 'ids' });
        }
        await service.remove(caller(request), ids.split(','));
        return ok(request.lang, true);
      },
    );
  };
}
