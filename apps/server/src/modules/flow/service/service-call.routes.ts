import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { ScriptCalls } from './script-calls.ts';

const tags = ['flow'];
// A script may wait for a worker and run for seconds: no unit of work is held meanwhile (see ScriptCalls).
const config = { scope: 'manual' } as const;
const PATH = /^[A-Za-z][A-Za-z0-9_-]*(\/[A-Za-z][A-Za-z0-9_-]*)*$/;

/**
 * Calling services: `s/c` (sealed request and answer) and `s/{servicePath}` (the body is the parameters). The
 * static `s/*` calls are matched first, so a path can never shadow them (such paths are refused on save).
 */
export function callRoutes(calls: ScriptCalls) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/s/c',
      {
        config,
        schema: {
          tags,
          summary:
            'An encrypted service call: data = base64(iv ‖ AES-256-GCM ciphertext ‖ tag) of {service, params}',
          body: z.strictObject({ data: z.string().min(1).max(1_400_000) }),
        },
      },
      async (req) => ok(req.lang, { data: await calls.sealed(caller(req), req.body.data) }),
    );
    r.post(
      '/s/*',
      {
        config,
        schema: {
          tags,
          summary: 'Runs the enabled service at this path with the body as its parameters',
          body: z.record(z.string().max(64), z.unknown()).nullish(),
        },
      },
      async (req) => {
        const path = (req.params as { '*': string })['*'];
        if (!PATH.test(path) || path.length > 128) {
          throw badRequest('error.validation', { field: 'servicePath', detail: 'not a service path' });
        }
        return ok(req.lang, await calls.call(caller(req), path, req.body ?? {}));
      },
    );
  };
}
