import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allModules } from '../../src/modules/index.ts';
import type { RouteInfo } from '../../src/plugins/route-table.ts';
import { resourceOf, sampleBody, twoTenants } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof twoTenants>>;
let bad: Record<string, string>;

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

beforeAll(async () => {
  // The matrix is over every registered route: every module's.
  t = await createTestApp({}, allModules);
  tokens = await twoTenants(t);
  const [h, p, s] = tokens.a.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  const revoked = (await t.login({ ip: '10.9.1.1' })).access_token;
  await t.call('GET', '/api/yuan-auth/oauth/logout', revoked);
  bad = {
    missing: '',
    malformed: 'bearer abc',
    tampered: `bearer ${h}.${b64({ ...claims, tid: '200002' })}.${s}`,
    expired: `bearer ${await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }).setProtectedHeader({ alg: 'HS256' }).sign(t.config.jwtSecret)}`,
    revoked: `bearer ${revoked}`,
    algNone: `bearer ${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
  };
});
afterAll(() => t.close());

const send = (route: RouteInfo, header: string | undefined, body?: object) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers: header ? { 'blade-auth': header } : {},
    ...(body ? { payload: body } : {}),
  });

/** The routes whose config carries `flag`, as "METHOD url", sorted. */
const routesMarked = (flag: 'public' | 'guest') =>
  t.app.routeTable
    .filter((r) => r.config[flag])
    .map((r) => `${r.method} ${r.url}`)
    .sort();

describe('auth matrix (every registered route)', () => {
  it('has routes to check', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(10);
  });

  it('every non-public route answers 401 without a valid, live token', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => !r.config.public)) {
      for (const [kind, header] of Object.entries(bad)) {
        const res = await send(route, header || undefined);
        // OAuth-shaped routes answer {error, error_description}; the rest the envelope.
        const body = res.json();
        const refused = route.config.oauth
          ? typeof body.error_description === 'string'
          : body.success === false;
        if (res.statusCode !== 401 || !refused) {
          failures.push(`${route.method} ${route.url} with ${kind} token → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('every permission-guarded route answers 403 to a role without the permission', async () => {
    const guarded = t.app.routeTable.filter((r) => r.config.perm);
    expect(guarded.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of guarded) {
      const res = resourceOf(route.url);
      const body =
        route.method === 'POST' && res && route.url.endsWith('/submit') ? sampleBody(res) : undefined;
      const reply = await send(route, `bearer ${tokens.noPerm}`, body);
      if (reply.statusCode !== 403) {
        failures.push(`${route.method} ${route.url} → ${reply.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('public routes are only the ones meant to be public', () => {
    expect(routesMarked('public')).toEqual([
      'GET /api/app-config',
      // The mobile app's download (a QR code opens it on a phone).
      'GET /api/cors/oauth/appDownload',
      'GET /api/health',
      // Readiness, for a load balancer: which checks pass, nothing of a tenant.
      'GET /api/ready',
      // The web chat popup's address (a redirect to the web page) and its socket, which proves its session in its
      // first frame (browsers send no headers on a WebSocket).
      'GET /api/webchat',
      'GET /api/webchat/ws',
      // The sign-in page speaks the platform tenant's texts; a signed-in caller's own tenant's.
      'GET /api/yuan-api/i18n/listByLanguage',
      'GET /api/yuan-auth/oauth/captcha',
      'GET /api/yuan-auth/oauth/render',
      'GET /api/yuan-auth/oauth/slide',
      'POST /api/yuan-auth/oauth/mfa/passkey-options',
      'POST /api/yuan-auth/oauth/mfa/totp-setup',
      'POST /api/yuan-auth/oauth/phone',
      'POST /api/yuan-auth/oauth/token',
      'POST /api/yuan-user/pwd/retrieve',
      'POST /api/yuan-user/register-guest',
    ]);
  });

  it('guest sessions (unlinked third-party sign-ins) reach only sign-out and registration', () => {
    expect(routesMarked('guest')).toEqual([
      'GET /api/cors/oauth/appDownload',
      'GET /api/yuan-api/i18n/listByLanguage',
      'GET /api/yuan-auth/oauth/logout',
      'POST /api/yuan-auth/oauth/logout',
      'POST /api/yuan-user/register-guest',
    ]);
  });
});
