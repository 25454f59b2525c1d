import { idString, pageQuery } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { NoticeReaderService } from './notice-reader.service.ts';

const tags = ['notice'];
const mineQuery = pageQuery.extend({ sourceFrom: z.string().max(32).optional() }).strict();

/** The reader's calls of notices (mine, unread, read): any signed-in user of the tenant. */
export function noticeReaderRoutes(notices: NoticeReaderService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/mine', { schema: { tags, querystring: mineQuery } }, async (request) =>
      ok(request.lang, await notices.mine(caller(request), request.query)),
    );
    r.get('/unread', { schema: { tags } }, async (request) =>
      ok(request.lang, await notices.unread(caller(request))),
    );
    r.post('/read', { schema: { tags, body: z.strictObject({ id: idString }) } }, async (request) => {
      await notices.read(caller(request), request.body.id);
      return ok(request.lang, true);
    });
  };
}
