import { pageQuery } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { UsualLogRepo } from './usual-log.repo.ts';

/** usual/mine: the caller's own sign-ins (the login log of /yuan/generic/user/log), for any signed-in user. */
export function myLogRoutes(logs: UsualLogRepo) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/mine', { schema: { tags: ['logUsual'], querystring: pageQuery.strict() } }, async (request) => {
        const ctx = caller(request);
        const { current, size } = request.query;
        return ok(request.lang, await logs.mine(ctx.tenantId, ctx.userId, current, size));
      });
  };
}
