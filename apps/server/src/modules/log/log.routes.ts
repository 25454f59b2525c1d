import { pageQuery } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

/** usual/mine: the caller's own sign-ins (the login log of /yuan/generic/user/log), for any signed-in user. */
export function myLogRoutes(db: Kdb) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/mine', { schema: { tags: ['logUsual'], querystring: pageQuery.strict() } }, async (request) => {
        const ctx = caller(request);
        const { current, size } = request.query;
        const base = db
          .selectFrom('yuan_log_usual')
          .where('tenant_id', '=', ctx.tenantId)
          .where('user_id', '=', ctx.userId)
          .where('log_id', 'in', ['login', 'refresh']);
        const records = await base
          .select([
            'id',
            'log_id as logId',
            'remote_ip as remoteIp',
            'user_agent as userAgent',
            'create_time as createTime',
          ])
          .orderBy('id', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute();
        const total = Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
        return ok(request.lang, { records, total, size, current, pages: Math.ceil(total / size) });
      });
  };
}
