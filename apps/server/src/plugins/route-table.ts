import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';

/** One registered API route: what the quality harness (auth matrix, isolation matrix, fuzzing) iterates over. */
export interface RouteInfo {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  config: FastifyContextConfig;
  querystring?: ZodType;
  body?: ZodType;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
  }
}

export function registerRouteTable(app: FastifyInstance) {
  const table: RouteInfo[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) {
      return;
    }
    const schema = (route.schema ?? {}) as { querystring?: ZodType; body?: ZodType };
    // Unknown input is refused everywhere: a route that takes no query string (or body) declares an empty one.
    if (!route.config?.oauth) {
      route.schema = {
        ...route.schema,
        querystring: schema.querystring ?? z.strictObject({}),
        ...(route.method !== 'GET' && !schema.body ? { body: z.strictObject({}).nullish() } : {}),
      };
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') {
        continue;
      }
      table.push({
        method: method as RouteInfo['method'],
        url: route.url,
        config: route.config ?? {},
        querystring: (route.schema as typeof schema | undefined)?.querystring,
        body: (route.schema as typeof schema | undefined)?.body,
      });
    }
  });
}
