import { WEBCHAT_ROUTE, webchatSchemas } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { WebchatService } from './webchat.service.ts';

const tags = ['webchat'];

/** The web chat's calls (any signed-in user; everything stays within the caller's tenant). */
export function webchatRoutes(service: WebchatService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // SPEC §2: the top bar opens a popup at /api/webchat/. The page is the web app's; the popup shares the opener's
    // origin and so its stored session, which the page reads (a browser sends no token with a navigation).
    r.get('/', { config: { public: true, scope: 'manual' }, schema: { tags } }, async (_req, reply) =>
      reply.redirect(WEBCHAT_ROUTE, 302),
    );
    r.get('/users', { schema: { tags, querystring: webchatSchemas.users } }, async (req) =>
      ok(req.lang, await service.users(caller(req), req.query.keyword)),
    );
    r.get('/conversations', { schema: { tags } }, async (req) =>
      ok(req.lang, await service.conversations(caller(req))),
    );
    r.post('/direct', { schema: { tags, body: webchatSchemas.direct } }, async (req) =>
      ok(req.lang, await service.openDirect(caller(req), req.body.userId)),
    );
    r.post('/group', { schema: { tags, body: webchatSchemas.group } }, async (req) =>
      ok(req.lang, await service.createGroup(caller(req), req.body.name, req.body.memberIds)),
    );
    r.get('/messages', { schema: { tags, querystring: webchatSchemas.history } }, async (req) =>
      ok(req.lang, await service.history(caller(req), req.query.id, req.query.beforeId, req.query.size)),
    );
    r.post('/read', { schema: { tags, body: webchatSchemas.read } }, async (req) =>
      ok(req.lang, await service.read(caller(req), req.body.id, req.body.lastId)),
    );
    r.get('/unread', { schema: { tags } }, async (req) => ok(req.lang, await service.unread(caller(req))));
  };
}
