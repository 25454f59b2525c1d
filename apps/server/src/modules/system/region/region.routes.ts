import { DEFAULT_TENANT_ID } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Kdb } from '../../../db/index.ts';
import { forbidden } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';

/** region/lazy-tree?parentCode=: the children of one region ('00' = provinces), each saying if it has children. */
export function regionRoutes(db: Kdb) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/lazy-tree',
      {
        config: { perm: 'region' },
        schema: {
          tags: ['region'],
          querystring: z.strictObject({
            parentCode: z
              .string()
              .regex(/^\d{2,12}$/)
              .optional(),
          }),
        },
      },
      async (request) => {
        if (caller(request).tenantId !== DEFAULT_TENANT_ID) {
          throw forbidden();
        }
        const rows = await db
          .selectFrom('yuan_region as r')
          .select([
            'r.code',
            'r.parent_code',
            'r.name',
            'r.region_level',
            sql<boolean>`EXISTS (SELECT 1 FROM yuan_region c WHERE c.parent_code = r.code AND c.is_deleted = 0)`.as(
              'hasChildren',
            ),
          ])
          .where('r.parent_code', '=', request.query.parentCode ?? '00')
          .where('r.is_deleted', '=', 0)
          .orderBy('r.sort')
          .orderBy('r.code')
          .execute();
        return ok(
          request.lang,
          rows.map((r) => ({
            id: r.code,
            parentId: r.parent_code,
            title: r.name,
            value: r.code,
            key: r.code,
            regionLevel: r.region_level,
            hasChildren: r.hasChildren,
          })),
        );
      },
    );
  };
}
