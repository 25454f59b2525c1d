import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like to be kept: short, and nothing that could break a log line. */
const SAFE_ID = /^[\w.:-]{1,64}$/;

/**
 * The id of a call (Fastify's `genReqId`): the one a reverse proxy sent in X-Request-Id when it is a plain short
 * token, so one id follows the call through the proxy's and every node's logs; a fresh UUID otherwise.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_ID.test(sent) ? sent : randomUUID();
}

/** Every answer names its call's id (Fastify puts it in each log line of the call as `reqId`). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
