import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { Database } from '../db/index.ts';
import type { PermissionService } from '../modules/system/menu/permission.service.ts';

/**
 * Runs every API handler in one transaction scoped to the caller's tenant (row-level security) as the app role.
 * A handler that throws leaves no partial write behind. Public handlers see no tenant's rows unless they switch.
 * A route's `perm` is checked inside the scope, before the handler runs.
 */
export function registerScope(app: FastifyInstance, database: Database, perms: PermissionService) {
  app.addHook('onRoute', (route) => {
    if (
      !route.url.startsWith('/api/') ||
      route.url.startsWith('/api/docs') ||
      route.config?.scope === 'manual'
    ) {
      return;
    }
    const handler = route.handler as RouteHandlerMethod;
    const perm = route.config?.perm;
    route.handler = function scoped(request, reply) {
      const scope = { tenantId: request.auth?.tenantId ?? '' };
      return database.run(scope, async () => {
        if (perm) {
          await perms.require(request.auth, typeof perm === 'function' ? perm(request) : perm);
        }
        return handler.call(this, request, reply);
      });
    };
  });
}
