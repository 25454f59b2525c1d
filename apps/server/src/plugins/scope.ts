import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { Database } from '../db/index.ts';
import type { Scope } from '../db/scope.ts';
import { type Maybe, andThen } from '../lib/maybe.ts';

/**
 * Runs every API handler as one unit scoped to the caller's tenant (row-level security) as the app role, with the
 * tenant's time zone: reads run without a transaction, the first write opens one that commits when the handler
 * returns (decision 0013). A handler that throws leaves no partial write behind. Public handlers see no tenant's
 * rows unless they switch.
 */
export function registerScope(
  app: FastifyInstance,
  database: Database,
  zones: { zoneOf(tenantId: string): Maybe<string> },
) {
  app.addHook('onRoute', (route) => {
    if (
      !route.url.startsWith('/api/') ||
      route.url.startsWith('/api/docs') ||
      route.config?.scope === 'manual'
    ) {
      return;
    }
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function scoped(request, reply) {
      const tenantId = request.auth?.tenantId ?? '';
      const run = (scope: Scope) => database.run(scope, async () => handler.call(this, request, reply));
      return tenantId === ''
        ? run({ tenantId })
        : andThen(zones.zoneOf(tenantId), (timeZone) => run({ tenantId, timeZone }));
    };
  });
}
