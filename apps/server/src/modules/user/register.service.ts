import { encodeMessage, type RegisterGuest } from '@yuan/contract';
import type { Kdb } from '../../db/index.ts';
import { switchScope } from '../../db/scope.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthRepo } from '../auth/auth.repo.ts';
import { tenantRefusal } from '../system/tenant/tenant-state.ts';
import { refuseOverQuota } from './user.rules.ts';

const WINDOW_MS = 10 * 60_000;
const PER_WINDOW = 5;

/**
 * Self-registration (/register and the guest dialog after a third-party sign-in). The account is created without a
 * role, so it cannot sign in until an administrator grants one; registrations are limited per address.
 */
export class RegisterService {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly db: Kdb,
    private readonly repo: AuthRepo,
  ) {}

  /** At most five registrations per address in ten minutes (kept in memory: a restart forgets them). */
  private throttle(ip: string): void {
    const now = Date.now();
    const times = (this.recent.get(ip) ?? []).filter((at) => now - at < WINDOW_MS);
    if (times.length >= PER_WINDOW) {
      throw new AppError(429, 'error.tooMany');
    }
    if (this.recent.size > 10_000) {
      this.recent.clear();
    }
    this.recent.set(ip, [...times, now]);
  }

  async register(body: RegisterGuest, ip: string): Promise<{ tenantId: string; account: string }> {
    this.throttle(ip);
    const tenantId = body.tenantId;
    // The caller has no tenant yet: the scope switches to the one named, whose rows alone are then visible.
    await switchScope({ tenantId });
    const refusal = tenantRefusal(await this.repo.findTenant(tenantId));
    if (refusal) {
      throw new AppError(400, refusal);
    }
    if (body.oauthId) {
      // Third-party identities are linked by the social sign-in itself; a made-up id must not claim one.
      throw new AppError(400, 'register.oauthUnknown');
    }
    if (await this.repo.findUserByAccount(tenantId, body.account)) {
      throw new FieldError('account', encodeMessage('form.unique', { label: 'user.account' }));
    }
    await refuseOverQuota(this.db, tenantId);
    const now = new Date();
    await this.db
      .insertInto('yuan_user')
      .values({
        tenant_id: tenantId,
        id: nextId(),
        account: body.account,
        password: await hashPassword(body.password),
        name: body.name || body.account,
        real_name: body.name || body.account,
        email: body.email ?? '',
        create_time: now,
        update_time: now,
      })
      .execute();
    return { tenantId, account: body.account };
  }
}
