import { randomBytes } from 'node:crypto';
import type { TokenResponse } from '@yuan/contract';
import type { Config } from '../../config.ts';
import { sha256Hex } from '../../lib/digest.ts';
import { invalidGrant } from '../../lib/errors.ts';
import type { AuthContext } from '../../types.ts';
import type { AuthRepo, PROFILE_COLUMNS } from './auth.repo.ts';
import type { Client } from './client-auth.ts';
import { signAccessToken } from '../../lib/jwt.ts';
import type { SessionRepo } from './session.repo.ts';

export type User = NonNullable<Awaited<ReturnType<AuthRepo['findUserByAccount']>>>;

/** In switch mode, the department and role a session works as (empty: the first department, every role). */
export interface Choice {
  deptId?: string | null;
  roleId?: string | null;
}

/** An unlinked third-party identity (a row of yuan_user_oauth without a user). */
export interface Guest {
  id: string;
  username: string;
  nickname: string;
  email: string;
  avatar: string;
}

/** A guest's user id is its identity's id, negated: SPEC §2 shows the registration dialog for a negative one. */
export const guestUserId = (oauthId: string) => `-${oauthId}`;

/** Guests only register and sign out: their token lives at most half an hour and cannot be refreshed. */
const GUEST_TTL_SECONDS = 1800;

const DEFAULT_AVATAR = '/img/avatar.png';

/** Mints the access and refresh tokens of a session for a user (inside a scope of the user's tenant). */
export class TokenIssuer {
  constructor(
    private readonly config: Config,
    private readonly repo: AuthRepo,
    private readonly sessions: SessionRepo,
  ) {}

  async issue(user: User, client: Client, sessionId: string, choice: Choice = {}): Promise<TokenResponse> {
    const all = user.role_id.split(',').filter(Boolean);
    const roleIds = choice.roleId && all.includes(choice.roleId) ? [choice.roleId] : all;
    const roles = await this.repo.rolesOf(user.tenant_id, roleIds);
    if (roles.length === 0) {
      throw invalidGrant('auth.noRole');
    }
    const ctx: AuthContext = {
      tenantId: user.tenant_id,
      userId: user.id,
      account: user.account,
      roleIds: roles.map((r) => r.id),
      roleNames: roles.map((r) => r.role_alias),
      deptId:
        choice.deptId && user.dept_id.split(',').includes(choice.deptId)
          ? choice.deptId
          : (user.dept_id.split(',')[0] ?? ''),
      sessionId,
      clientId: client.client_id,
    };
    const refreshToken = randomBytes(32).toString('base64url');
    await this.sessions.addRefreshToken(
      sessionId,
      sha256Hex(refreshToken),
      new Date(Date.now() + client.refresh_token_validity * 1000),
    );
    return this.answer(userInfo(user, ctx), ctx, client, client.access_token_validity, refreshToken);
  }

  /** The token response: who signed in, the signed access token and the refresh token ('' for none). */
  private async answer(
    info: ReturnType<typeof userInfo> & { email?: string },
    ctx: AuthContext,
    client: Client,
    ttl: number,
    refreshToken: string,
  ): Promise<TokenResponse> {
    return {
      ...info,
      access_token: await signAccessToken(this.config.jwtSecret, ctx, ttl),
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: ttl,
      scope: client.scope,
      license: 'powered by yuan',
    };
  }

  /** A guest session's token: no roles, no department, no refresh token. */
  async issueGuest(
    tenantId: string,
    guest: Guest,
    client: Client,
    sessionId: string,
  ): Promise<TokenResponse> {
    const ctx: AuthContext = {
      tenantId,
      userId: guestUserId(guest.id),
      account: '',
      roleIds: [],
      roleNames: [],
      deptId: '',
      sessionId,
      clientId: client.client_id,
    };
    const info = {
      user_id: ctx.userId,
      account: '',
      user_name: guest.username,
      nick_name: guest.nickname || guest.username,
      real_name: guest.nickname,
      role_name: '',
      role_id: '',
      dept_id: '',
      post_id: '',
      tenant_id: tenantId,
      tenant_code: tenantId,
      oauth_id: guest.id,
      avatar: guest.avatar || DEFAULT_AVATAR,
      email: guest.email,
    };
    return this.answer(info, ctx, client, Math.min(GUEST_TTL_SECONDS, client.access_token_validity), '');
  }
}

export function userInfo(user: Pick<User, (typeof PROFILE_COLUMNS)[number]>, ctx: AuthContext) {
  return {
    user_id: user.id,
    account: user.account,
    user_name: user.account,
    nick_name: user.name || user.real_name || user.account,
    real_name: user.real_name,
    role_name: ctx.roleNames.join(','),
    role_id: ctx.roleIds.join(','),
    dept_id: ctx.deptId,
    post_id: user.post_id,
    tenant_id: user.tenant_id,
    tenant_code: user.tenant_id,
    oauth_id: user.oauth_id,
    avatar: user.avatar || DEFAULT_AVATAR,
  };
}
