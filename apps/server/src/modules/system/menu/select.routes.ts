import { DEFAULT_TENANT_ID, idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Kdb } from '../../../db/index.ts';
import { switchScope } from '../../../db/scope.ts';
import { nest } from '../../../lib/crud/tree.ts';
import { forbidden } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';

/** Options for pickers: menus without buttons (all, or one level), the tenant's departments and posts. */
export function selectRoutes(db: Kdb) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const menus = (parentId?: string) => {
      let q = db
        .selectFrom('yuan_menu')
        .select([
          'id',
          'parent_id as parentId',
          'code',
          'name',
          'name_en as nameEn',
          'path',
          'source',
          'sort',
          'category',
        ])
        .where('is_deleted', '=', 0)
        .where('category', '=', 1);
      if (parentId) {
        q = q.where('parent_id', '=', parentId);
      }
      return q.orderBy('sort').orderBy('id').execute();
    };
    r.get(
      '/menu/lazy-menu-list',
      {
        config: { perm: 'menu' },
        schema: { tags: ['menu'], querystring: z.strictObject({ parentId: idString.optional() }) },
      },
      async (request) => ok(request.lang, await menus(request.query.parentId ?? '0')),
    );
    r.get('/menu/menu-list', { config: { perm: 'menu' }, schema: { tags: ['menu'] } }, async (request) =>
      ok(request.lang, await menus()),
    );
    r.get('/dept/select', { schema: { tags: ['dept'] } }, async (request) => {
      const rows = await db
        .selectFrom('yuan_dept')
        .select(['id', 'parent_id as parentId', 'dept_name as title'])
        .where('tenant_id', '=', caller(request).tenantId)
        .where('is_deleted', '=', 0)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok(request.lang, nest(rows));
    });
    const tenantQuery = z.strictObject({
      tenantId: z
        .string()
        .regex(/^[0-9A-Za-z]{1,12}$/)
        .optional(),
    });
    r.get('/post/select', { schema: { tags: ['post'], querystring: tenantQuery } }, async (request) => {
      const ctx = caller(request);
      const tenantId = request.query.tenantId ?? ctx.tenantId;
      if (tenantId !== ctx.tenantId) {
        // Only the platform tenant picks posts of another tenant (when it sets up that tenant's users).
        if (ctx.tenantId !== DEFAULT_TENANT_ID) {
          throw forbidden();
        }
        await switchScope({ allTenants: true });
      }
      const rows = await db
        .selectFrom('yuan_post')
        .select(['id', 'post_code as postCode', 'post_name as postName', 'category'])
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok(request.lang, rows);
    });
  };
}
