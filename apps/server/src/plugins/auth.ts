import { HEADERS, isGuestUserId } from '@yuan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.ts';
import { andThen, type Maybe, settle } from '../lib/maybe.ts';
import type { AuthContext } from '../types.ts';

/** The auth module's answer: is this session still signed in? */
export interface LiveSessions {
  isLive(sessionId: string, tenantId: string): Maybe<boolean>;
}

/** The system module's menu and button grants: refuses a caller without one of the codes. */
export interface PermissionCheck {
  require(auth: AuthContext | null, codes: string | string[]): Maybe<void>;
}

/** The system module's API scopes: refuses a call its roles' scopes do not reach. */
export interface ApiScopeCheck {
  require(auth: AuthContext, path: string): Maybe<void>;
}

const BEARER = /^bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/i;

/** Every `/api` route that is not marked public needs `Blade-Auth: bearer <access token>` of a live session. */
export function registerAuth(
  app: FastifyInstance,
  verify: (token: string) => AuthContext | null,
  sessions: LiveSessions,
  perms: PermissionCheck,
  apiScopes: ApiScopeCheck,
) {
  app.decorateRequest('auth', null);
  const authenticate = (request: FastifyRequest): Maybe<void> => {
    // Only the API needs a token: the web app's files and pages are public.
    const url = request.routeOptions.url;
    const config = request.routeOptions.config;
    if (!url?.startsWith('/api/')) {
      return;
    }
    const header = request.headers[HEADERS.auth.toLowerCase()];
    if (config?.public === true && !(config.guest === true && header !== undefined)) {
      return;
    }
    const match = typeof header === 'string' ? BEARER.exec(header.trim()) : null;
    const ctx = match?.[1] ? verify(match[1]) : null;
    if (!ctx) {
      throw unauthorized();
    }
    return andThen(sessions.isLive(ctx.sessionId, ctx.tenantId), (live) => {
      // A guest may only register itself and sign out; anything else answers as if it had no session.
      if (!live || (isGuestUserId(ctx.userId) && config?.guest !== true)) {
        throw unauthorized();
      }
      // A copy: a verified token's context may be shared by the calls that carry it.
      request.auth = { ...ctx, requestId: request.id };
    });
  };
  // A route's menu/button code is checked before its input is validated: a caller without the permission learns
  // nothing about the route's rules. Submit-style routes read the code from the raw body (add vs edit).
  const authorize = (request: FastifyRequest): Maybe<void> => {
    const perm = request.routeOptions.config?.perm;
    const auth = request.auth;
    const scoped = () => (auth ? apiScopes.require(auth, request.url.split('?')[0] ?? '') : undefined);
    return perm
      ? andThen(perms.require(auth, typeof perm === 'function' ? perm(request) : perm), scoped)
      : scoped();
  };
  // Callback hooks: the checks are cache hits nearly always and then settle without a promise.
  app.addHook('onRequest', (request, _reply, done) => settle(() => authenticate(request), done));
  app.addHook('preValidation', (request, _reply, done) => settle(() => authorize(request), done));
}

/** The caller of an authenticated route (the hook above guarantees it is set). */
export function caller(request: { auth: AuthContext | null }) {
  if (!request.auth) {
    throw unauthorized();
  }
  return request.auth;
}
