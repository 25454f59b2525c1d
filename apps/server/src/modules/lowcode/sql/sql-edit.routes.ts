import { sqlSplice, sqlTest } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../plugins/envelope.ts';
import type { SqlEditService } from './sql-edit.service.ts';

const tags = ['sqlEdit'];

/** `sqlEdit/*`: the SQL editor's visual builder (menu sqlEdit) and its runner (button sqlEdit_test). */
export function sqlEditRoutes(service: SqlEditService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/sqlEdit/splicingSql',
      { config: { perm: ['sqlEdit'] }, schema: { tags, body: sqlSplice } },
      async (req) => ok(req.lang, await service.splice(req.body)),
    );
    r.post(
      '/sqlEdit/test',
      { config: { perm: ['sqlEdit_test'] }, schema: { tags, body: sqlTest } },
      async (req) => ok(req.lang, await service.test(req.body)),
    );
  };
}
