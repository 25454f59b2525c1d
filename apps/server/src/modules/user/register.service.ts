import { encodeMessage, type RegisterGuest } from '@yuan/contract';
import type { Kdb } from '../../db/index.ts';
import { switchScope } from '../../db/scope.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthContext } from '../../types.ts';
import type { AuthRepo } from '../auth/index.ts';
import type { SessionGuard } from '../auth/index.ts';
import type { SocialRepo } from '../auth/index.ts';
import { guestUserId } from '../auth/index.ts';
import { tenantRefusal } from '../system/index.ts';
import { refuseOverQuota } from './user.rules.ts';

const WINDOW_MINUTES = 10;
const PER_WINDOW = 5;

/**
 * Self-registration (/register and the guest dialog after a third-party sign-in). The account is created without a
 * role, so it cannot sign in until an administrator grants one; registrations are limited per address.
 */
export class RegisterService {
  constructor(
    private readonly db: Kdb,
    private readonly repo: AuthRepo,
    private readonly social: SocialRepo,
    private readonly sessions: SessionGuard,
  ) {}

  /**
   * At most five registrations per address in ten minutes, counted in the database (yuan_login_failure, shared by
   * every server process and kept across restarts); the count commits with the registration itself.
   */
  private async throttle(ip: string): Promise<void> {
    const key = `register:${ip}`;
    if ((await this.repo.lockedUntil([key])).length > 0) {
      throw new AppError(429, 'error.tooMany');
    }
    await this.repo.recordFailure([key], PER_WINDOW, WINDOW_MINUTES);
  }

  /**
   * `guest` is the caller's session when it sent a token: a guest of a third-party sign-in registers its own
   * identity (`oauthId`), which is then linked to the new account, and its guest session ends.
   */
  async register(
    body: RegisterGuest,
    ip: string,
    guest: AuthContext | null,
  ): Promise<{ tenantId: string; account: string }> {
    const tenantId = body.tenantId;
    // The caller has no tenant yet: the scope switches to the one named, whose rows alone are then visible.
    await switchScope({ tenantId });
    await this.throttle(ip);
    const refusal = tenantRefusal(await this.repo.findTenant(tenantId));
    if (refusal) {
      throw new AppError(400, refusal);
    }
    const oauthId = body.oauthId || undefined;
    if (oauthId !== undefined) {
      // Only the guest session of that very identity may claim it: an id alone proves nothing.
      const own = guest?.tenantId === tenantId && guest.userId === guestUserId(oauthId);
      const identity = own ? await this.social.findIdentity(tenantId, oauthId) : undefined;
      if (!identity || identity.user_id !== null) {
        throw new AppError(400, 'register.oauthUnknown');
      }
    }
    if (await this.repo.findUserByAccount(tenantId, body.account)) {
      throw new FieldError('account', encodeMessage('form.unique', { label: 'user.account' }));
    }
    await refuseOverQuota(this.db, tenantId);
    const now = new Date();
    const userId = nextId();
    await this.db
      .insertInto('yuan_user')
      .values({
        tenant_id: tenantId,
        id: userId,
        account: body.account,
        password: await hashPassword(body.password),
        name: body.name || body.account,
        real_name: body.name || body.account,
        email: body.email ?? '',
        oauth_id: oauthId ?? '',
        create_time: now,
        update_time: now,
      })
      .execute();
    if (oauthId !== undefined && guest) {
      if (!(await this.social.link(tenantId, oauthId, userId))) {
        throw new AppError(400, 'register.oauthUnknown');
      }
      await this.sessions.revoke(guest.sessionId, 'registered');
    }
    return { tenantId, account: body.account };
  }
}
