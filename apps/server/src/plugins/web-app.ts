import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { message } from '@yuan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';

/** Paths that never fall back to the web app: the API and the local object store answer for themselves. */
const SERVER_PATHS = /^\/(api|oss)(\/|$)/;

/**
 * A browser asking for a page (not a script, image or API call) outside the server's own paths; and `/` asked by
 * anyone (a monitor, `curl`), as any static site answers its root.
 */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return false;
  }
  const path = request.url.split('?')[0] ?? '';
  const accept = request.headers.accept ?? '';
  return path === '/' || (!SERVER_PATHS.test(path) && accept.includes('text/html'));
}

/**
 * The built web app: its files as they are, and index.html for every other page address so the client router can
 * decide (`/` → `/wel`, unknown → `/404`, no token → `/login`). Anything else unknown is a 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    const assets = join(webDist, 'assets');
    // Routes only for the files that exist, so a missing asset is a 404 rather than a page, and a directory
    // (such as `/`) is never answered by the file server.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, path) {
        // Hashed bundle names change with their content; index.html must be fetched again after a release.
        reply.header(
          'cache-control',
          path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (built && wantsPage(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDist);
    }
    return fail(reply, 404, message(request.lang, 'error.notFound'));
  });
}
