import { idList, idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { EntityDataService } from './entity-data.service.ts';

const READ = ['entityData', 'entity'];
const codes = (suffix: string) => READ.map((p) => `${p}${suffix}`);
/** The data filters are the entity's own fields: checked by the service against its definition. */
const dataQuery = z.record(z.string().max(64), z.string().max(1000)).and(z.object({ entId: idString }));

/** An entity's rows (`dtentity/*Data*`, `field/unique`): one route family for every entity. */
export function entityDataRoutes(data: EntityDataService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['entityData'];
    r.get(
      '/dtentity/queryConfig',
      { config: { perm: READ }, schema: { tags, querystring: z.strictObject({ entId: idString }) } },
      async (req) => ok(req.lang, await data.config(caller(req), req.query.entId)),
    );
    r.get(
      '/dtentity/queryDataByFields',
      { config: { perm: READ }, schema: { tags, querystring: dataQuery } },
      async (req) => {
        const { entId, ...query } = req.query;
        return ok(req.lang, await data.list(caller(req), entId, query));
      },
    );
    r.get(
      '/dtentity/data/detail',
      {
        config: { perm: READ },
        schema: { tags, querystring: z.strictObject({ entId: idString, id: idString }) },
      },
      async (req) => ok(req.lang, await data.detail(caller(req), req.query.entId, req.query.id)),
    );
    r.post(
      '/dtentity/saveOrUpdateData',
      {
        config: {
          perm: (req) =>
            codes((req.body as { data?: { id?: string } } | undefined)?.data?.id ? '_edit' : '_add'),
        },
        schema: {
          tags,
          body: z.strictObject({ entId: idString, data: z.record(z.string().max(64), z.unknown()) }),
        },
      },
      async (req) => ok(req.lang, await data.save(caller(req), req.body.entId, req.body.data)),
    );
    r.post(
      '/dtentity/removeDatas',
      {
        config: { perm: codes('_delete') },
        schema: { tags, body: z.strictObject({ entId: idString, ids: idList }) },
      },
      async (req) => {
        await data.remove(caller(req), req.body.entId, req.body.ids.split(','));
        return ok(req.lang, true);
      },
    );
    const fieldQuery = z.strictObject({ entId: idString, field: z.string().min(1).max(64) });
    r.get(
      '/dtentity/data/kv',
      { config: { perm: READ }, schema: { tags, querystring: fieldQuery } },
      async (req) => ok(req.lang, await data.kv(caller(req), req.query.entId, req.query.field)),
    );
    r.get(
      '/dtentity/ref',
      { config: { perm: READ }, schema: { tags, querystring: fieldQuery } },
      async (req) => ok(req.lang, await data.ref(caller(req), req.query.entId, req.query.field)),
    );
    r.get(
      '/dtentity/ref/list',
      { config: { perm: READ }, schema: { tags, querystring: dataQuery } },
      async (req) => {
        const { entId, ...query } = req.query;
        return ok(req.lang, await data.list(caller(req), entId, query));
      },
    );
    r.get(
      '/dtentity/:id/children',
      {
        config: { perm: READ },
        schema: {
          tags,
          params: z.strictObject({ id: idString }),
          querystring: z.strictObject({ entId: idString }),
        },
      },
      async (req) => ok(req.lang, await data.children(caller(req), req.query.entId, req.params.id)),
    );
    r.get(
      '/dtentity/field/unique',
      {
        config: { perm: READ },
        schema: {
          tags,
          querystring: z.strictObject({
            entId: idString,
            field: z.string().min(1).max(64),
            value: z.string().max(20_000),
            id: idString.optional(),
          }),
        },
      },
      async (req) => {
        const q = req.query;
        return ok(req.lang, await data.isUnique(caller(req), q.entId, q.field, q.value, q.id));
      },
    );
  };
}
