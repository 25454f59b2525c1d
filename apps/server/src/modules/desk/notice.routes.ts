import { pageQuery } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Kdb } from '../../db/index.ts';
import { notFound } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

/**
 * Notices as their readers see them (any signed-in user of the tenant): published ones with a read flag, the unread
 * counts per source for the bell, and marking one read when it is opened.
 */
export function noticeReaderRoutes(db: Kdb) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['notice'];
    const readFlag = (userId: string) =>
      sql<boolean>`EXISTS (SELECT 1 FROM yuan_notice_read nr WHERE nr.tenant_id = n.tenant_id AND nr.notice_id = n.id AND nr.user_id = ${userId})`;

    r.get(
      '/mine',
      {
        schema: {
          tags,
          querystring: pageQuery.extend({ sourceFrom: z.string().max(32).optional() }).strict(),
        },
      },
      async (request) => {
        const ctx = caller(request);
        const { current, size, sourceFrom } = request.query;
        let q = db
          .selectFrom('yuan_notice as n')
          .where('n.tenant_id', '=', ctx.tenantId)
          .where('n.is_deleted', '=', 0)
          .where('n.status', '=', 1);
        if (sourceFrom) {
          q = q.where('n.source_from', '=', sourceFrom);
        }
        const records = await q
          .select([
            'n.id',
            'n.title',
            'n.subtitle',
            'n.tag',
            'n.img',
            'n.source_from as sourceFrom',
            'n.content',
            'n.create_time as createTime',
            readFlag(ctx.userId).as('read'),
          ])
          .orderBy('n.id', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute();
        const total = Number((await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
        return ok(request.lang, { records, total, size, current, pages: Math.ceil(total / size) });
      },
    );

    r.get('/unread', { schema: { tags } }, async (request) => {
      const ctx = caller(request);
      const rows = await db
        .selectFrom('yuan_notice as n')
        .select(['n.source_from as sourceFrom', sql<string>`count(*)`.as('n')])
        .where('n.tenant_id', '=', ctx.tenantId)
        .where('n.is_deleted', '=', 0)
        .where('n.status', '=', 1)
        .where(sql<boolean>`NOT ${readFlag(ctx.userId)}`)
        .groupBy('n.source_from')
        .execute();
      const bySource = Object.fromEntries(rows.map((row) => [row.sourceFrom, Number(row.n)]));
      return ok(request.lang, { total: rows.reduce((s, row) => s + Number(row.n), 0), bySource });
    });

    r.post(
      '/read',
      { schema: { tags, body: z.strictObject({ id: z.string().regex(/^\d{1,19}$/) }) } },
      async (request) => {
        const ctx = caller(request);
        const notice = await db
          .selectFrom('yuan_notice')
          .select('id')
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '=', request.body.id)
          .where('is_deleted', '=', 0)
          .where('status', '=', 1)
          .executeTakeFirst();
        if (!notice) {
          throw notFound();
        }
        await db
          .insertInto('yuan_notice_read')
          .values({ tenant_id: ctx.tenantId, notice_id: notice.id, user_id: ctx.userId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return ok(request.lang, true);
      },
    );
  };
}
