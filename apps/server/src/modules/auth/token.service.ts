import {
  DEFAULT_TENANT_ID,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  type MessageKey,
  type TokenResponse,
} from '@yuan/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { sha256Hex } from '../../lib/digest.ts';
import { invalidGrant, missingParam, OAuthError, unauthorized } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import type { AuthContext } from '../../types.ts';
import { tenantRefusal } from '../system/index.ts';
import type { AuthRepo } from './auth.repo.ts';
import { lockKeysOf, lockRefusal } from './sign-in-lock.ts';
import type { CaptchaService } from './captcha.service.ts';
import { allowsGrant, type Client, type ClientAuth } from './client-auth.ts';
import type { SessionRepo } from './session.repo.ts';
import type { SessionGuard } from './session-guard.ts';
import { type Guest, guestUserId, type TokenIssuer, type User, userInfo } from './token-issuer.ts';
import { type GrantHandler, requiredParam, type TokenRequest } from './token-request.ts';

/**
 * The OAuth token endpoint's rules: password and refresh grants, login lock, sessions and rotation.
 * It opens its own scopes: what must survive a refusal (a spent captcha, a failure count, a revoked family)
 * commits in a scope of its own before the refusal is thrown.
 */
export class TokenService {
  private readonly grants = new Map<string, GrantHandler>();
  /** Asked before any sign-in opens a session: throws when a second step must come first. */
  private secondStep: (tenantId: string, user: User, client: Client) => Promise<void> = async () => undefined;

  constructor(
    private readonly config: Config,
    private readonly database: Database,
    private readonly repo: AuthRepo,
    private readonly sessions: SessionRepo,
    private readonly guard: SessionGuard,
    private readonly clients: ClientAuth,
    private readonly captcha: CaptchaService,
    private readonly issuer: TokenIssuer,
  ) {
    this.grants.set('password', (req, client) => this.passwordGrant(req, client));
    this.grants.set('refresh_token', (req, client) => this.refreshGrant(req, client));
  }

  /** Sets the check every sign-in passes before its session opens (the second factor's demand). */
  useSecondStep(step: (tenantId: string, user: User, client: Client) => Promise<void>): void {
    this.secondStep = step;
  }

  /** Adds a grant type of the token endpoint (the client must also list it in its authorized grant types). */
  addGrant(grant: string, handler: GrantHandler): void {
    this.grants.set(grant, handler);
  }

  async token(req: TokenRequest): Promise<TokenResponse> {
    const client = await this.authenticateClient(req.authorization);
    const grant = req.params.grant_type;
    if (!grant) {
      throw missingParam('grant_type');
    }
    if (!allowsGrant(client, grant)) {
      throw new OAuthError(400, 'unsupported_grant_type', 'auth.grantUnsupported');
    }
    const handler = this.grants.get(grant);
    if (!handler) {
      throw new OAuthError(400, 'unsupported_grant_type', 'auth.grantUnsupported');
    }
    return handler(req, client);
  }

  tenantOf(req: Pick<TokenRequest, 'params' | 'tenantHeader'>): string {
    const given = req.params.tenantId ?? req.tenantHeader;
    const tenantId = given ?? (this.config.tenantMode ? '' : DEFAULT_TENANT_ID);
    if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) {
      throw missingParam('tenantId');
    }
    return tenantId;
  }

  /** Inside a scope of the tenant. */
  async checkTenant(tenantId: string): Promise<MessageKey | null> {
    return tenantRefusal(await this.repo.findTenant(tenantId));
  }

  private async passwordGrant(req: TokenRequest, client: Client): Promise<TokenResponse> {
    const { username, password } = req.params;
    if (!username || !password) {
      throw missingParam(username ? 'password' : 'username');
    }
    if (username.length > 64 || password.length > 128) {
      throw invalidGrant('auth.badCredentials');
    }
    const tenantId = this.tenantOf(req);
    const lockKeys = lockKeysOf(tenantId, username, req.ip);
    const found = await this.database.run({ tenantId }, async () => {
      const lock = await lockRefusal(this.repo, lockKeys);
      if (lock) {
        return { refusal: lock };
      }
      const captchaFailure = await this.captcha.check(req.captchaKey, req.captchaCode);
      const tenantFailure = captchaFailure ?? (await this.checkTenant(tenantId));
      if (tenantFailure) {
        return { refusal: invalidGrant(tenantFailure) };
      }
      return { user: await this.repo.findUserByAccount(tenantId, username) };
    });
    if (found.refusal) {
      throw found.refusal;
    }
    // Verified outside the scope: the hash takes tens of milliseconds and needs no connection.
    const user = found.user;
    const good = user
      ? await verifyPassword(user.password, password)
      : await verifyPassword(await dummyHash(), password);
    if (!user || !good) {
      await this.database.run({ tenantId }, () =>
        this.repo.recordFailure(lockKeys, LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES),
      );
      throw invalidGrant('auth.badCredentials');
    }
    if (user.status !== 1) {
      throw invalidGrant('auth.userDisabled');
    }
    return this.startSession(tenantId, user, client, req, () => this.repo.clearFailures([lockKeys[0]!]));
  }

  /**
   * Signs a proven user in: a new session (a refresh-token family) and its tokens, in a scope of the tenant. Unless
   * `secondStepDone`, the second step may be demanded first (HTTP 401 mfa_required).
   */
  async startSession(
    tenantId: string,
    user: User,
    client: Client,
    req: { ip: string; userAgent: string },
    before: (sessionId: string) => Promise<unknown> = async () => undefined,
    secondStepDone = false,
  ): Promise<TokenResponse> {
    if (!secondStepDone) {
      await this.secondStep(tenantId, user, client);
    }
    return this.openSession(tenantId, user.id, client, req, async (sessionId) => {
      await before(sessionId);
      return this.issuer.issue(user, client, sessionId);
    });
  }

  /** Signs an unlinked third-party identity in as a guest: it may only register itself and sign out. */
  startGuestSession(
    tenantId: string,
    guest: Guest,
    client: Client,
    req: { ip: string; userAgent: string },
  ): Promise<TokenResponse> {
    return this.openSession(tenantId, guestUserId(guest.id), client, req, (sessionId) =>
      this.issuer.issueGuest(tenantId, guest, client, sessionId),
    );
  }

  private openSession(
    tenantId: string,
    userId: string,
    client: Client,
    req: { ip: string; userAgent: string },
    issue: (sessionId: string) => Promise<TokenResponse>,
  ): Promise<TokenResponse> {
    return this.database.run({ tenantId }, async () => {
      const sessionId = nextId();
      await this.sessions.createSession({
        id: sessionId,
        tenantId,
        userId,
        clientId: client.client_id,
        ip: req.ip,
        userAgent: req.userAgent,
        expiresAt: new Date(Date.now() + client.refresh_token_validity * 1000),
      });
      return issue(sessionId);
    });
  }

  /** The OAuth client of a request (HTTP Basic), checked in a scope of its own. */
  authenticateClient(authorization: string | undefined): Promise<Client> {
    return this.database.run({ tenantId: '' }, () => this.clients.authenticate(authorization));
  }

  private async refreshGrant(req: TokenRequest, client: Client): Promise<TokenResponse> {
    const token = requiredParam(req.params, 'refresh_token', 512);
    const hash = sha256Hex(token);
    // A refresh token names its session only by an unguessable digest, so the look-up spans tenants.
    const outcome = await this.database.run({ allTenants: true }, async () => {
      const used = await this.sessions.consumeRefreshToken(hash);
      if (!used) {
        const known = await this.sessions.findRefreshToken(hash);
        if (known) {
          // A rotated token came back: someone holds a copy. End the whole family.
          await this.guard.revoke(known.session_id, 'reuse');
        }
        return { refusal: invalidGrant('auth.refreshInvalid') };
      }
      const session = await this.sessions.findSession(used.session_id);
      const live =
        session &&
        session.revoked_at === null &&
        session.client_id === client.client_id &&
        new Date(used.expires_at).getTime() > Date.now();
      if (!session || !live) {
        return { refusal: invalidGrant('auth.refreshInvalid') };
      }
      return { session };
    });
    if (outcome.refusal) {
      throw outcome.refusal;
    }
    const session = outcome.session;
    const tenantId = session.tenant_id;
    const result = await this.database.run({ tenantId }, async () => {
      const tenantFailure = await this.checkTenant(tenantId);
      if (tenantFailure) {
        return { refusal: invalidGrant(tenantFailure) };
      }
      const user = await this.repo.findUser(tenantId, session.user_id);
      if (user?.status !== 1) {
        await this.guard.revoke(session.id, 'user');
        return { refusal: invalidGrant('auth.refreshInvalid') };
      }
      await this.sessions.extendSession(
        session.id,
        new Date(Date.now() + client.refresh_token_validity * 1000),
      );
      return {
        token: await this.issuer.issue(user, client, session.id, {
          deptId: session.active_dept,
          roleId: session.active_role,
        }),
      };
    });
    if (result.refusal) {
      throw result.refusal;
    }
    return result.token;
  }

  /**
   * Switch mode: re-issues the caller's session as one of the user's departments and roles; later refreshes keep
   * the choice. Opens its own scopes (the route is manual).
   */
  async switchTo(
    ctx: AuthContext,
    authorization: string | undefined,
    deptId?: string,
    roleId?: string,
  ): Promise<TokenResponse> {
    if (!this.config.switchMode) {
      throw new OAuthError(400, 'invalid_request', 'auth.switchOff');
    }
    if (!deptId) {
      throw new OAuthError(400, 'invalid_request', 'auth.chooseDept');
    }
    if (!roleId) {
      throw new OAuthError(400, 'invalid_request', 'auth.chooseRole');
    }
    const client = await this.database.run({ tenantId: '' }, () => this.clients.authenticate(authorization));
    return this.database.run({ tenantId: ctx.tenantId }, async () => {
      const user = await this.repo.findUser(ctx.tenantId, ctx.userId);
      if (!user?.dept_id.split(',').includes(deptId)) {
        throw new OAuthError(400, 'invalid_request', 'auth.chooseDept');
      }
      if (!user.role_id.split(',').includes(roleId)) {
        throw new OAuthError(400, 'invalid_request', 'auth.chooseRole');
      }
      await this.sessions.setChoice(ctx.sessionId, deptId, roleId);
      return this.issuer.issue(user, client, ctx.sessionId, { deptId, roleId });
    });
  }

  /** Inside the caller's scope. */
  async logout(ctx: AuthContext): Promise<void> {
    await this.guard.revoke(ctx.sessionId, 'logout');
  }

  /** Inside the caller's scope. */
  async userInfo(ctx: AuthContext) {
    const user = await this.repo.findProfile(ctx.tenantId, ctx.userId);
    if (!user) {
      throw unauthorized();
    }
    return userInfo(user, ctx);
  }
}
