import { randomBytes } from 'node:crypto';
import {
  type CheckEmailVerifyCode,
  type Language,
  SSO_EMAIL_VERIFY_PARAM,
  type SsoAnswer,
  type SsoAuthorize,
  type TokenResponse,
} from '@yuan/contract';
import type { Database } from '../../../db/index.ts';
import { sha256Hex } from '../../../lib/digest.ts';
import { AppError, invalidGrant, unauthorized } from '../../../lib/errors.ts';
import { nextId } from '../../../lib/id.ts';
import type { AuthContext } from '../../../types.ts';
import type { MailService } from '../../mail/index.ts';
import { paramValue } from '../../system/index.ts';
import type { AuthRepo } from '../auth.repo.ts';
import { allowsGrant, type Client } from '../client-auth.ts';
import type { SessionGuard } from '../session-guard.ts';
import { requiredParam, type TokenRequest } from '../token-request.ts';
import type { TokenService } from '../token.service.ts';
import type { VerifyCodeService } from '../verify-code.service.ts';
import type { SsoRepo } from './sso.repo.ts';

const CODE_TTL_MS = 5 * 60_000;
const PENDING_TTL_MS = 10 * 60_000;
const secret = () => randomBytes(32).toString('base64url');
const invalidCode = () => invalidGrant('sso.codeInvalid');

/** `a***@example.com`: enough for the user to recognise the mailbox, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

function withCode(redirectUri: string, code: string, state: string): string {
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  if (state) {
    url.searchParams.set('state', state);
  }
  return url.toString();
}

/**
 * Single sign-on for other applications, Yuan Admin being the authorization server: a signed-in user authorizes a
 * registered client (its redirect_uri must be one the client lists), optionally confirms with an e-mailed code, and
 * the client exchanges the one-time code at the token endpoint (grant authorization_code, same redirect_uri). A
 * code is single use; presenting it twice ends the session it started (RFC 6749 §4.1.2).
 */
export class SsoService {
  constructor(
    private readonly database: Database,
    private readonly repo: SsoRepo,
    private readonly authRepo: AuthRepo,
    private readonly tokens: TokenService,
    private readonly sessions: SessionGuard,
    private readonly codes: VerifyCodeService,
    private readonly mail: MailService,
  ) {}

  async authorize(ctx: AuthContext, body: SsoAuthorize, ip: string, lang: Language): Promise<SsoAnswer> {
    const tenantId = ctx.tenantId;
    const prepared = await this.database.run({ tenantId }, async () => {
      const client = await this.authRepo.findClient(body.client_id);
      if (!client || !allowsGrant(client, 'authorization_code')) {
        throw new AppError(400, 'sso.clientInvalid');
      }
      const registered = (client.web_server_redirect_uri ?? '').split(',').map((u) => u.trim());
      if (!registered.includes(body.redirect_uri)) {
        throw new AppError(400, 'sso.redirectInvalid');
      }
      const user = await this.authRepo.findUser(tenantId, ctx.userId);
      if (user?.status !== 1) {
        throw unauthorized();
      }
      const row = {
        tenant_id: tenantId,
        id: nextId(),
        user_id: user.id,
        client_id: client.client_id,
        redirect_uri: body.redirect_uri,
        state: body.state ?? '',
      };
      if ((await paramValue(this.database.db, tenantId, SSO_EMAIL_VERIFY_PARAM))?.trim() !== 'true') {
        const code = secret();
        await this.repo.add({
          ...row,
          handle_hash: null,
          code_hash: sha256Hex(code),
          expires_at: new Date(Date.now() + CODE_TTL_MS),
        });
        return { redirect: withCode(body.redirect_uri, code, row.state) };
      }
      if (!user.email) {
        throw new AppError(400, 'sso.noEmail');
      }
      this.mail.requireConfigured();
      const handle = secret();
      await this.repo.add({
        ...row,
        handle_hash: sha256Hex(handle),
        code_hash: null,
        expires_at: new Date(Date.now() + PENDING_TTL_MS),
      });
      const mailed = await this.codes.issue(tenantId, 'email-verify', `sso:${row.id}`, ip);
      return { handle, email: user.email, mailed };
    });
    if (prepared.redirect !== undefined) {
      return { redirect: prepared.redirect };
    }
    // Mailed after the scope closed: an SMTP server may take seconds.
    await this.mail.deliverCode(prepared.email, prepared.mailed, 'email-verify', lang);
    return { ssoCode: prepared.handle, email: maskEmail(prepared.email) };
  }

  /** The e-mailed code turns the pending authorization into the redirect with its one-time code. */
  async checkEmail(ctx: AuthContext, body: CheckEmailVerifyCode): Promise<{ redirect: string }> {
    const tenantId = ctx.tenantId;
    // The try is counted (and a right code spent) in a scope of its own, before any refusal.
    const checked = await this.database.run({ tenantId }, async () => {
      const pending = await this.repo.findPending(tenantId, ctx.userId, sha256Hex(body.ssoCode));
      const right = pending
        ? await this.codes.verify(tenantId, 'email-verify', `sso:${pending.id}`, body.verCode)
        : false;
      return { pending, right };
    });
    if (!checked.pending || !checked.right) {
      throw new AppError(400, 'code.invalid');
    }
    const pending = checked.pending;
    const code = secret();
    await this.database.run({ tenantId }, () =>
      this.repo.approve(tenantId, pending.id, sha256Hex(code), new Date(Date.now() + CODE_TTL_MS)),
    );
    return { redirect: withCode(pending.redirect_uri, code, pending.state) };
  }

  /** The token endpoint's authorization_code grant (code, redirect_uri), for the client the code was made for. */
  async codeGrant(req: TokenRequest, client: Client): Promise<TokenResponse> {
    const code = requiredParam(req.params, 'code', 256);
    const redirectUri = requiredParam(req.params, 'redirect_uri', 1024);
    const hash = sha256Hex(code);
    const row = await this.database.run({ allTenants: true }, async () => {
      const spent = await this.repo.consume(hash);
      if (!spent) {
        const replayed = await this.repo.findSpent(hash);
        if (replayed?.session_id) {
          await this.sessions.revoke(replayed.session_id, 'code-reuse');
        }
      }
      return spent;
    });
    const usable =
      row &&
      row.client_id === client.client_id &&
      row.redirect_uri === redirectUri &&
      new Date(row.expires_at).getTime() > Date.now();
    if (!row || !usable) {
      throw invalidCode();
    }
    const tenantId = row.tenant_id;
    const found = await this.database.run({ tenantId }, async () => ({
      refusal: await this.tokens.checkTenant(tenantId),
      user: await this.authRepo.findUser(tenantId, row.user_id),
    }));
    if (found.refusal) {
      throw invalidGrant(found.refusal);
    }
    if (found.user?.status !== 1) {
      throw invalidCode();
    }
    return this.tokens.startSession(tenantId, found.user, client, req, (sessionId) =>
      this.repo.setSession(tenantId, row.id, sessionId),
    );
  }
}
