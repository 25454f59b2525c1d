import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import { ScriptService } from './script.service.ts';

/** Flow services (SPEC §7 `s/*`): running a script as its caller. */
export function serviceRoutes(scripts: ScriptService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/s/run',
      {
        config: { perm: ['flowService_run'] },
        schema: {
          tags: ['flow'],
          summary:
            'Run a script (saved or not) in the sandbox; a failing script answers its error, logs and time',
          body: z.strictObject({
            code: z.string().max(100_000),
            params: z.record(z.string().max(64), z.unknown()).optional(),
          }),
        },
      },
      async (req) => {
        ScriptService.check(req.body.code);
        return ok(req.lang, await scripts.run(caller(req), req.body.code, req.body.params ?? {}));
      },
    );
  };
}
