import { clientLogEntry, clientLogList, HEADERS, type TokenResponse } from '@yuan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OAuthError } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ErrorLogRepo } from '../log/error-log.repo.ts';
import type { LogService } from '../log/log.service.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { PhoneLoginService } from './phone-login.service.ts';
import type { SessionGuard } from './session-guard.ts';
import type { TokenRequest, TokenService } from './token.service.ts';

export interface AuthDeps {
  tokens: TokenService;
  captcha: CaptchaService;
  errorLog: ErrorLogRepo;
  sessions: SessionGuard;
  /** Everything oauth/clear-cache empties. */
  caches: { clear(): void }[];
  logs: LogService;
  phone: PhoneLoginService;
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
        config: { public: true, oauth: true, scope: 'manual' },
        schema: {
          tags: ['auth'],
          summary: 'OAuth token: password and refresh_token grants (parameters in query, form or JSON)',
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
        config: { public: true, oauth: true, scope: 'manual' },
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

    r.get('/oauth/logout', { schema: { tags: ['auth'] } }, async (request) => {
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

    r.post('/oauth/logout', { schema: { tags: ['auth'], body: logsBody } }, async (request) => {
      await storeLogs(request, request.body);
      await deps.tokens.logout(caller(request));
      return ok(request.lang, true, 'logout.ok');
    });

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
      for (const cache of deps.caches) {
        cache.clear();
      }
      return ok(request.lang, true, 'cache.cleared');
    });
  };
}
