import { DEFAULT_TENANT_ID } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { RegionRepo } from './region.repo.ts';

/** region/lazy-tree?parentCode=: the children of one region ('00' = provinces), each saying if it has children. */
export function regionRoutes(regions: RegionRepo) {
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
        return ok(request.lang, await regions.children(request.query.parentCode ?? '00'));
      },
    );
  };
}
