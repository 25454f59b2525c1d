import { PassThrough } from 'node:stream';
import { ENTITY_IMPORT_MAX_BYTES, idList, idString } from '@yuan/contract';
import type { ImportProgress, ImportReport } from '@yuan/contract/lowcode/import-report';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment, XLSX_TYPE } from '../../../lib/attachment.ts';
import { AppError } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import { callerGone, progressAnswer, wantsProgress } from '../../../plugins/progress-stream.ts';
import type { AuthContext } from '../../../types.ts';
import type { EntityDataService } from './entity-data.service.ts';
import type { EntityExcel, ImportOptions } from './entity-excel.ts';

const READ = ['entityData', 'entity'];
const codes = (suffix: string) => READ.map((p) => `${p}${suffix}`);
/**
 * The data filters are the entity's own fields: their names are checked by the service against its definition (an
 * intersection with a record checked them here as well, at five times the cost of the whole call's parse).
 */
const dataQuery = z.object({ entId: idString }).catchall(z.string().max(1000));

/** An entity's rows (`dtentity/*Data*`, `field/unique`): one route family for every entity. */

/** Runs `fn` as one unit of work of the caller's tenant (the routes that open their own). */
export type InScope = <T>(ctx: AuthContext, fn: () => Promise<T>) => Promise<T>;

export function entityDataRoutes(data: EntityDataService, excel: EntityExcel, inScope: InScope) {
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
    r.post(
      '/dtentity/entExcelParseSave',
      {
        // Its own units of work: a streamed answer must commit before its last line is written.
        config: { perm: ['entityData_import', 'entity_import'], scope: 'manual' },
        schema: {
          tags,
          querystring: z.strictObject({ entId: idString, mode: z.enum(['all', 'valid-only']).optional() }),
        },
      },
      async (req, reply) => {
        const { entId, mode = 'all' } = req.query;
        return importAnswer(req, reply, { data, excel, inScope }, entId, mode);
      },
    );
    r.get(
      '/dtentity/exportEntity',
      {
        // Its own units of work: the file is written while it is sent.
        config: { perm: ['entityData_export', 'entity_export'], log: 'always', scope: 'manual' },
        schema: { tags, querystring: dataQuery },
      },
      async (req, reply) => {
        const { entId, ...query } = req.query;
        return exportAnswer(req, reply, { data, excel, inScope }, entId, query);
      },
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

interface ExcelParts {
  data: EntityDataService;
  excel: EntityExcel;
  inScope: InScope;
}

/** An entity's rows from an uploaded sheet, with progress lines when asked; in units of work of its own. */
export async function importAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  parts: ExcelParts,
  entId: string,
  mode: 'all' | 'valid-only',
) {
  const { data, excel, inScope } = parts;
  const ctx = caller(req);
  // Another tenant's entity is absent before anything about the file is said.
  await inScope(ctx, () => data.resolve(ctx, entId));
  const file = req.isMultipart()
    ? await req.file({ limits: { fileSize: ENTITY_IMPORT_MAX_BYTES } })
    : undefined;
  if (!file) {
    throw new AppError(400, 'entity.importFile');
  }
  const buffer = await file.toBuffer();
  const run = async (options: ImportOptions = {}) => {
    const report = await inScope(ctx, () => excel.import(ctx, req.lang, entId, buffer, mode, options));
    return ok(req.lang, report, 'entity.imported', { saved: report.saved, refused: report.refusedCount });
  };
  if (!wantsProgress(req)) {
    return run({ signal: callerGone(reply) });
  }
  return progressAnswer<ImportProgress, ImportReport>(req, reply, (onProgress, signal) =>
    run({ onProgress, signal }),
  );
}

/** An entity's rows as a sheet, written while it is sent; a refusal is still an envelope. */
export async function exportAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  parts: ExcelParts,
  entId: string,
  query: Record<string, string>,
) {
  const { excel, inScope } = parts;
  const ctx = caller(req);
  // Checked before the file begins.
  const title = await inScope(ctx, () => excel.exportTitle(ctx, entId, query));
  const body = new PassThrough();
  inScope(ctx, () => excel.export(ctx, entId, query, body)).catch((error: unknown) => {
    req.log.error({ err: error }, 'export failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return sendAttachment(reply, `${title}.xlsx`, XLSX_TYPE, body);
}
