import { entityForm, idList, idQuery, idString, message, pageQuery } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import type { DdlService, SyncResult } from './ddl.service.ts';
import type { EntityService } from './entity.service.ts';

const PERM = ['entity'];
/** Screens built on the definitions read them too: the ER diagram, the SQL editor and the mind maps. */
const READ_PERM = ['entity', 'erd', 'sqlEdit', 'mindmap', 'mindmapTest'];
const count = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Entity definitions, their tables and their versions (`dtentity/*`, `dtversion/list`). */
export function entityRoutes(entities: EntityService, ddl: DdlService, elementDefs: CrudService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['entity'];
    const search = pageQuery.extend({
      entNo: z.string().max(63).optional(),
      entName: z.string().max(255).optional(),
    });
    r.get(
      '/dtentity/fnEntityList',
      { config: { perm: READ_PERM }, schema: { tags, querystring: search } },
      async (req) => ok(req.lang, await entities.list(req.query)),
    );
    for (const url of ['/dtentity/getDetail', '/dtentity/getEntity']) {
      r.get(url, { config: { perm: READ_PERM }, schema: { tags, querystring: idQuery } }, async (req) =>
        ok(req.lang, await entities.detail(req.query.id)),
      );
    }
    r.get(
      '/dtentity/elements',
      {
        config: { perm: ['entity', 'entityData'] },
        schema: { tags, querystring: z.strictObject({ entId: idString }) },
      },
      async (req) => ok(req.lang, (await entities.detail(req.query.entId)).elements),
    );
    r.get(
      '/dtentity/fnFindByEntNo',
      {
        config: { perm: PERM },
        schema: { tags, querystring: z.strictObject({ entNo: z.string().min(1).max(63) }) },
      },
      async (req) => ok(req.lang, await entities.byNo(req.query.entNo)),
    );
    r.post(
      '/dtentity/saveOrUpdate',
      {
        config: {
          perm: (req) => [(req.body as { id?: string } | undefined)?.id ? 'entity_edit' : 'entity_add'],
        },
        schema: { tags, body: entityForm },
      },
      async (req) => ok(req.lang, await entities.save(caller(req), req.body)),
    );
    r.post(
      '/dtentity/remove',
      {
        config: { perm: ['entity_delete'] },
        schema: {
          tags,
          body: z.strictObject({
            ids: idList,
            dropTable: z.boolean().optional(),
            confirmRows: count.optional(),
          }),
        },
      },
      async (req) => {
        const { ids, ...opts } = req.body;
        await entities.remove(caller(req), ids.split(','), opts);
        return ok(req.lang, true);
      },
    );
    r.post(
      '/dtentity/syncEntityDataBaseTable',
      {
        config: { perm: ['entity_sync'] },
        schema: {
          tags,
          body: z.strictObject({
            id: idString,
            apply: z.boolean().optional(),
            confirm: count.optional(),
            fromDatabase: z
              .boolean()
              .optional()
              .describe('rewrite the definition from the live table instead'),
          }),
        },
      },
      async (req) => {
        if (req.body.fromDatabase) {
          return ok(req.lang, await entities.adoptTable(caller(req), req.body.id));
        }
        const result: SyncResult = await ddl.sync(req.body.id, req.body);
        return ok(req.lang, {
          ...result,
          steps: result.steps.map((s) => ({ ...s, what: message(req.lang, s.what.key, s.what.params) })),
        });
      },
    );
    r.get(
      '/dtentity/listElementDefines',
      { config: { perm: PERM }, schema: { tags, querystring: z.strictObject({}) } },
      async (req) => ok(req.lang, (await elementDefs.list(caller(req), { current: 1, size: 1000 })).records),
    );
    r.get(
      '/dtentity/listEntitiesWithEleDef',
      {
        config: { perm: PERM },
        schema: { tags, querystring: z.strictObject({ defNo: z.string().max(64).optional() }) },
      },
      async (req) => {
        const all = await entities.all();
        const defNo = req.query.defNo;
        return ok(
          req.lang,
          all
            .filter((e) => e.elements.some((el) => (defNo ? el.defNo === defNo : el.defNo !== '')))
            .map((e) => ({ id: e.id, entNo: e.entNo, entName: e.entName, elements: e.elements })),
        );
      },
    );
    r.get(
      '/dtentity/logic/all',
      { config: { perm: ['entity', 'entityData'] }, schema: { tags, querystring: z.strictObject({}) } },
      async (req) =>
        ok(
          req.lang,
          (await entities.all()).map((e) => ({
            id: e.id,
            entNo: e.entNo,
            entName: e.entName,
            synced: e.syncedVersion > 0,
            fields: e.elements.map((el) => ({ eleNo: el.eleNo, eleName: el.eleName, dataTyp: el.dataTyp })),
          })),
        ),
    );
    r.get(
      '/dtentity/listDBTables',
      { config: { perm: PERM }, schema: { tags, querystring: z.strictObject({}) } },
      async (req) => ok(req.lang, await entities.databaseTables(caller(req))),
    );
    r.post(
      '/dtversion/restore',
      {
        // A form's or grid's version is restored by who may edit forms or grids; the origin's call is an entity's.
        config: { perm: (req) => [`${(req.body as { kind?: string } | undefined)?.kind ?? 'entity'}_edit`] },
        schema: {
          tags,
          body: z.strictObject({ id: idString, kind: z.enum(['entity', 'page', 'grid']).optional() }),
        },
      },
      async (req) => ok(req.lang, await entities.restore(caller(req), req.body.id, req.body.kind)),
    );
    r.get(
      '/dtversion/list',
      {
        // A form's or a grid's history is read with its own screen.
        config: {
          perm: (req) => {
            const kind = (req.query as { kind?: string } | undefined)?.kind;
            return kind === 'page' || kind === 'grid' ? [kind] : PERM;
          },
        },
        schema: {
          tags,
          querystring: pageQuery.extend({
            targetId: idString,
            kind: z.enum(['entity', 'page', 'grid']).optional(),
          }),
        },
      },
      async (req) =>
        ok(
          req.lang,
          await entities.versions(
            caller(req),
            req.query.targetId,
            req.query.current,
            req.query.size,
            req.query.kind,
          ),
        ),
    );
  };
}
