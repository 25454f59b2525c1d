import {
  checkEmailVerifyCode,
  clientLogEntry,
  clientLogList,
  HEADERS,
  phoneLogin,
  ssoAuthorize,
  type TokenResponse,
  tokenParams as tokenParamsSchema,
} from '@yuan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CacheRegistry } from '../../lib/cache/cache-registry.ts';
import { OAuthError } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ErrorLogRepo } from '../log/index.ts';
import type { LogService } from '../log/index.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { PhoneLoginService } from './phone-login.service.ts';
import type { SessionGuard } from './session-guard.ts';
import { SOCIAL_COOKIE, type SocialLoginService } from './social/social-login.service.ts';
import type { SsoService } from './sso/sso.service.ts';
import type { TokenRequest } from './token-request.ts';
import type { TokenService } from './token.service.ts';

export interface AuthDeps {
  tokens: TokenService;
  captcha: CaptchaService;
  errorLog: ErrorLogRepo;
  sessions: SessionGuard;
  /** Everything oauth/clear-cache empties. */
  caches: CacheRegistry;
  logs: LogService;
  phone: PhoneLoginService;
  social: SocialLoginService;
  sso: SsoService;
  /** Whether the web app is reached over https (the sign-in cookie is then Secure). */
  secureCookies: boolean;
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name.toLowerCase()];
  return typeof v === 'string' ? v : undefined;
};

/** Query string, form body and JSON body all carry token parameters; only flat strings are accepted. */
function tokenParams(request: FastifyRequest): Record<string, string | undefined> {
  const merged: Record<string, unknown> = {
    ...(request.query as Record<string, unknown>),
    ...(request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}),
  };
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(merged)) {
    if (typeof v !== 'string') {
      throw new OAuthError(400, 'invalid_request', 'auth.missingParam', { name: k });
    }
    out[k] = v;
  }
  return out;
}

/** What the sign-in endpoints read of a request: parameters, client credentials, tenant and captcha headers. */
function tokenRequest(request: FastifyRequest): TokenRequest {
  return {
    params: tokenParams(request),
    authorization: header(request, 'authorization'),
    tenantHeader: header(request, HEADERS.tenant),
    captchaKey: header(request, HEADERS.captchaKey),
    captchaCode: header(request, HEADERS.captchaCode),
    ip: request.ip,
    userAgent: header(request, 'user-agent') ?? '',
    cookie: header(request, 'cookie'),
  };
}

/** Sign-ins are the login log of /yuan/generic/user/log. */
function logSignIn(
  logs: LogService,
  request: FastifyRequest,
  req: TokenRequest,
  token: TokenResponse,
  event: 'login' | 'refresh',
  grant: string | undefined,
): void {
  logs.usual({
    tenantId: token.tenant_id,
    event,
    data: JSON.stringify({ account: token.account, grant }),
    uri: request.url.split('?')[0] ?? '',
    ip: req.ip,
    userAgent: req.userAgent,
    userId: token.user_id,
    account: token.account,
  });
}

const logsBody = z.union([clientLogList, z.strictObject({ logs: clientLogList })]).nullish();

export function authRoutes(deps: AuthDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/oauth/token',
      {
        config: { public: true, oauth: true, scope: 'manual', paramsSchema: tokenParamsSchema },
        schema: {
          tags: ['auth'],
          summary:
            'OAuth token: password, refresh_token, social and authorization_code grants (parameters in query, form or JSON)',
        },
      },
      async (request) => {
        const req = tokenRequest(request);
        const token = await deps.tokens.token(req);
        const grant = req.params.grant_type;
        logSignIn(deps.logs, request, req, token, grant === 'refresh_token' ? 'refresh' : 'login', grant);
        return token;
      },
    );

    r.post(
      '/oauth/phone',
      {
        config: { public: true, oauth: true, scope: 'manual', paramsSchema: phoneLogin },
        schema: {
          tags: ['auth'],
          summary: 'Phone sign-in: tenantId and phone send a code by SMS; with the code, the token response',
        },
      },
      async (request) => {
        const req = tokenRequest(request);
        const answer = await deps.phone.handle(req);
        if ('sent' in answer) {
          return ok(request.lang, true, 'code.sent');
        }
        logSignIn(deps.logs, request, req, answer, 'login', 'phone');
        return answer;
      },
    );

    r.post(
      '/oauth/token/refresh',
      {
        config: { oauth: true, scope: 'manual' },
        schema: { tags: ['auth'], summary: 'Switch department and role (switch mode)' },
      },
      async (request) => {
        const params = tokenParams(request);
        return deps.tokens.switchTo(
          caller(request),
          header(request, 'authorization'),
          params.deptId,
          params.roleId,
        );
      },
    );

    r.get('/oauth/captcha', { config: { public: true }, schema: { tags: ['auth'] } }, async (request) =>
      ok(request.lang, await deps.captcha.image()),
    );

    r.get('/oauth/slide', { config: { public: true }, schema: { tags: ['auth'] } }, async (request) =>
      ok(request.lang, await deps.captcha.slide()),
    );

    r.get(
      '/oauth/render',
      {
        config: { public: true, scope: 'manual' },
        schema: {
          tags: ['auth'],
          summary:
            'Third-party sign-in: redirects to the provider of `source`; without it, lists the providers',
          querystring: z.strictObject({
            source: z.string().max(32).optional(),
            tenantId: z.string().max(12).optional(),
          }),
        },
      },
      async (request, reply) => {
        const { source, tenantId } = request.query;
        if (!source) {
          return ok(request.lang, deps.social.sources());
        }
        const tenant = deps.tokens.tenantOf({
          params: { tenantId },
          tenantHeader: header(request, HEADERS.tenant),
        });
        const { url, browserKey } = await deps.social.render(source, tenant);
        const secure = deps.secureCookies ? '; Secure' : '';
        reply.header(
          'set-cookie',
          `${SOCIAL_COOKIE}=${browserKey}; Path=/api/yuan-auth/oauth; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
        );
        return reply.redirect(url, 302);
      },
    );

    r.post(
      '/oauth/authorize',
      {
        config: { scope: 'manual' },
        schema: {
          tags: ['auth'],
          summary:
            'Single sign-on: the signed-in user authorizes a client; the redirect with a code, or an ssoCode',
          body: ssoAuthorize,
        },
      },
      async (request) =>
        ok(request.lang, await deps.sso.authorize(caller(request), request.body, request.ip, request.lang)),
    );

    r.post(
      '/oauth/checkEmailVerifyCode',
      {
        config: { scope: 'manual' },
        schema: {
          tags: ['auth'],
          summary:
            'Single sign-on with an e-mailed code: verCode and ssoCode give the redirect with its code',
          body: checkEmailVerifyCode,
        },
      },
      async (request) => ok(request.lang, await deps.sso.checkEmail(caller(request), request.body)),
    );

    r.get('/oauth/logout', { config: { guest: true }, schema: { tags: ['auth'] } }, async (request) => {
      await deps.tokens.logout(caller(request));
      return ok(request.lang, true, 'logout.ok');
    });

    const storeLogs = async (request: FastifyRequest, body: z.infer<typeof logsBody>) => {
      const ctx = caller(request);
      const entries = body == null ? [] : Array.isArray(body) ? body : body.logs;
      return deps.errorLog.addClientEntries(
        {
          tenantId: ctx.tenantId,
          account: ctx.account,
          ip: request.ip,
          userAgent: header(request, 'user-agent') ?? '',
        },
        entries,
      );
    };

    r.post(
      '/oauth/logout',
      { config: { guest: true }, schema: { tags: ['auth'], body: logsBody } },
      async (request) => {
        await storeLogs(request, request.body);
        await deps.tokens.logout(caller(request));
        return ok(request.lang, true, 'logout.ok');
      },
    );

    r.post(
      '/oauth/client-log',
      {
        schema: {
          tags: ['auth'],
          summary: 'Upload the browser error log',
          body: z.strictObject({ logs: z.array(clientLogEntry).max(200) }),
        },
      },
      async (request) => ok(request.lang, await storeLogs(request, request.body)),
    );

    r.get('/oauth/user-info', { schema: { tags: ['auth'] } }, async (request) =>
      ok(request.lang, await deps.tokens.userInfo(caller(request))),
    );

    r.get('/oauth/clear-cache', { schema: { tags: ['auth'] } }, async (request) => {
      caller(request);
      deps.caches.clearAll();
      return ok(request.lang, true, 'cache.cleared');
    });
  };
}
