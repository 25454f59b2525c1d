import type { FastifyInstance } from 'fastify';
import { nest } from '../../../lib/crud/tree.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { DeptRepo } from './dept.repo.ts';

/** dept/select: the tenant's departments as a tree, for pickers (any signed-in user of the tenant). */
export function deptSelectRoutes(depts: DeptRepo) {
  return async (app: FastifyInstance) => {
    app.get('/select', { schema: { tags: ['dept'] } }, async (request) =>
      ok(request.lang, nest(await depts.options(caller(request).tenantId))),
    );
  };
}
