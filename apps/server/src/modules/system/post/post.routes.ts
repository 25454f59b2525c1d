import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { PostRepo } from './post.repo.ts';
import { postOptions } from './post.service.ts';

const query = z.strictObject({
  tenantId: z
    .string()
    .regex(/^[0-9A-Za-z]{1,12}$/)
    .optional(),
});

/** post/select: the posts of the caller's tenant (or, for the platform tenant, of the tenant it names). */
export function postSelectRoutes(posts: PostRepo) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/select', { schema: { tags: ['post'], querystring: query } }, async (request) =>
        ok(request.lang, await postOptions(posts, caller(request), request.query.tenantId)),
      );
  };
}
