import { idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../../lib/attachment.ts';
import { AppError } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { ScriptService } from './script.service.ts';
import type { ScriptTree } from './script-tree.ts';

const PERM = ['flowService'];
const tags = ['flow'];
const parentId = z.union([idString, z.literal('0')]);
/** An exported module is plain JSON of at most this size. */
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** Moving, copying, exporting and importing parts of the service tree. */
export function treeRoutes(scripts: ScriptService, nodes: ScriptTree) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/s/move',
      { config: { perm: PERM }, schema: { tags, body: z.strictObject({ id: idString, parentId }) } },
      async (req) => ok(req.lang, await scripts.move(caller(req), req.body.id, req.body.parentId)),
    );
    r.post(
      '/s/copy',
      {
        config: { perm: PERM },
        schema: {
          tags,
          summary: 'A switched-off copy of a service or a whole module; copied paths get a _copy suffix',
          body: z.strictObject({ id: idString, parentId: parentId.optional() }),
        },
      },
      async (req) => ok(req.lang, await nodes.copy(caller(req), req.body.id, req.body.parentId)),
    );
    r.post(
      '/s/exportModule',
      {
        config: { perm: ['flowService_export'] },
        schema: { tags, body: z.strictObject({ id: idString }) },
      },
      async (req, reply) => {
        const file = await nodes.exportModule(caller(req), req.body.id);
        const name = `${file.root.name}.json`;
        return sendAttachment(reply, name, 'application/json; charset=utf-8', JSON.stringify(file, null, 2));
      },
    );
    r.post(
      '/s/importModule',
      {
        config: { perm: ['flowService_import'] },
        schema: {
          tags,
          summary:
            'Imports an exported module under parentId (multipart: parentId, then file); all or nothing',
          querystring: z.strictObject({ parentId: parentId.optional() }),
        },
      },
      async (req) => {
        const file = req.isMultipart()
          ? await req.file({ limits: { fileSize: MAX_IMPORT_BYTES } })
          : undefined;
        if (!file) {
          throw new AppError(400, 'flowService.importFile', { detail: 'no file' });
        }
        const text = (await file.toBuffer()).toString('utf8');
        const field = file.fields.parentId;
        const named =
          field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : req.query.parentId;
        const target = parentId.safeParse(named ?? '0');
        if (!target.success) {
          throw new AppError(400, 'error.validation', { field: 'parentId', detail: 'not an id' });
        }
        return ok(req.lang, await nodes.importModule(caller(req), target.data, text));
      },
    );
  };
}
