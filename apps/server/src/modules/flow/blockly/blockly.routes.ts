import { idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Kdb } from '../../../db/index.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { ScriptService } from '../service/script.service.ts';

const tags = ['blockly'];
/** A workspace is Blockly's own JSON; more than this is not a workspace anyone draws. */
const MAX_WORKSPACE = 1_000_000;

/**
 * SPEC §7 /api/blockly: a service's Blockly workspace (`data`) beside its code. Saving stores the workspace and the
 * JavaScript the editor generated from it as the service's code, through the service's own rules.
 */
export function blocklyRoutes(db: Kdb, scripts: ScriptService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/fnFindByID/:id',
      { config: { perm: ['flowService'] }, schema: { tags, params: z.strictObject({ id: idString }) } },
      async (req) => {
        const ctx = caller(req);
        const code = await scripts.codeOf(ctx, req.params.id);
        const row = await db
          .selectFrom('yuan_script_service')
          .select((eb) => ['name', eb.fn.coalesce('path', sql.lit('')).as('path'), 'blockly as data'])
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '=', req.params.id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        return ok(req.lang, { id: req.params.id, code, ...row });
      },
    );
    r.post(
      '/saveOrUpdate',
      {
        config: { perm: ['flowService_edit'] },
        schema: {
          tags,
          body: z.strictObject({
            id: idString,
            data: z
              .record(z.string(), z.unknown())
              .nullable()
              .refine((v) => JSON.stringify(v).length <= MAX_WORKSPACE, 'workspace over 1 MB'),
            code: z.string().max(100_000).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = caller(req);
        const { id, data, code } = req.body;
        // The code first: a service that is not the caller's (or is a module) is refused before anything is written.
        const saved = await scripts.saveCode(ctx, id, code);
        await db
          .updateTable('yuan_script_service')
          .set({ blockly: data === null ? null : JSON.stringify(data) })
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '=', id)
          .execute();
        return ok(req.lang, { ...saved, data });
      },
    );
  };
}
