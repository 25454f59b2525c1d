import {
  mfaConfirmBody,
  mfaRemoveBody,
  mfaResetBody,
  mfaTokenBody,
  passkeyRegisterBody,
} from '@yuan/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { LogService } from '../../log/index.ts';
import type { MfaAccountService } from './mfa-account.service.ts';

const tags = ['mfa'];

/** A signed-in user's second factors, and an administrator's reset (under /api/yuan-user/mfa). */
export function mfaRoutes(account: MfaAccountService, logs: LogService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/status', { schema: { tags } }, async (request) =>
      ok(request.lang, await account.status(caller(request))),
    );
    r.post('/totp/setup', { schema: { tags } }, async (request) => {
      const ctx = caller(request);
      return ok(request.lang, await account.setupTotp(ctx.tenantId, ctx.userId));
    });
    r.post('/totp/confirm', { schema: { tags, body: mfaConfirmBody } }, async (request) =>
      ok(request.lang, await account.confirmTotp(caller(request), request.body.code)),
    );
    r.post('/remove', { schema: { tags, body: mfaRemoveBody } }, async (request) => {
      await account.remove(caller(request), request.body);
      return ok(request.lang, true);
    });
    r.post('/passkey/options', { schema: { tags } }, async (request) =>
      ok(request.lang, await account.passkeyOptions(caller(request), request.headers.origin)),
    );
    r.post('/passkey/register', { schema: { tags, body: passkeyRegisterBody } }, async (request) =>
      ok(
        request.lang,
        await account.registerPasskey(
          caller(request),
          request.body.name,
          request.body.response as unknown as RegistrationResponseJSON,
        ),
      ),
    );
    r.get('/passkey/list', { schema: { tags } }, async (request) =>
      ok(request.lang, (await account.status(caller(request))).passkeys),
    );
    r.post(
      '/reset',
      { config: { perm: 'user_reset' }, schema: { tags, body: mfaResetBody } },
      async (request) => {
        const ctx = caller(request);
        const userIds = request.body.userIds.split(',');
        await account.reset(ctx, userIds);
        logs.usual({
          tenantId: ctx.tenantId,
          event: 'mfa-reset',
          data: JSON.stringify({ userIds }),
          uri: request.url.split('?')[0] ?? '',
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          userId: ctx.userId,
          account: ctx.account,
          level: 'warn',
        });
        return ok(request.lang, true);
      },
    );
  };
}

/** The second sign-in step's public calls (under /api/yuan-auth/oauth/mfa): the caller holds an mfa_token. */
export function mfaSignInRoutes(account: MfaAccountService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { public: true, oauth: true, scope: 'manual' as const, paramsSchema: mfaTokenBody };
    r.post('/passkey-options', { config, schema: { tags, body: mfaTokenBody } }, async (request) =>
      account.signInPasskeyOptions(request.body.mfa_token, request.headers.origin),
    );
    r.post('/totp-setup', { config, schema: { tags, body: mfaTokenBody } }, async (request) =>
      account.signInTotpSetup(request.body.mfa_token),
    );
  };
}
