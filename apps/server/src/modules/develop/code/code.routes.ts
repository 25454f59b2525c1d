import { codeGen, idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../../lib/attachment.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { CodeService } from './code.service.ts';

const tags = ['code'];
// A datasource may take its 5 s to answer: the service opens its own short units of work.
const manual = { scope: 'manual' } as const;

/** `code/copy` (button code_copy) and `code/gen-code` (button code_gen, a zip); the rest is the generic CRUD. */
export function codeRoutes(service: CodeService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/copy',
      {
        config: { ...manual, perm: ['code_copy'] },
        schema: { tags, body: z.strictObject({ id: idString }) },
      },
      async (req) => ok(req.lang, await service.copy(caller(req), req.body.id)),
    );
    r.post(
      '/gen-code',
      { config: { ...manual, perm: ['code_gen'] }, schema: { tags, body: codeGen } },
      async (req, reply) => {
        const file = await service.generate(caller(req), req.body.ids.split(','));
        return sendAttachment(reply, file.name, 'application/zip', file.body);
      },
    );
  };
}
