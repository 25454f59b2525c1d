import { encodeMessage, type RegisterGuest } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { switchScope } from '../../db/scope.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';
import { hashPassword } from '../../lib/password.ts';

const WINDOW_MS = 10 * 60_000;
const PER_WINDOW = 5;

/**
 * Self-registration (/register and the guest dialog after a third-party sign-in). The account is created without a
 * role, so it cannot sign in until an administrator grants one; registrations are limited per address.
 */
export class RegisterService {
  private readonly recent = new Map<string, number[]>();

  constructor(private readonly db: Kdb) {}

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
    const tenant = await this.db
      .selectFrom('yuan_tenant')
      .select(['status', 'expire_time', 'account_number'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (tenant?.status !== 1) {
      throw new AppError(400, 'auth.tenantInvalid');
    }
    if (tenant.expire_time && new Date(tenant.expire_time).getTime() < Date.now()) {
      throw new AppError(400, 'auth.tenantExpired');
    }
    if (body.oauthId) {
      // Third-party identities are linked by the social sign-in itself; a made-up id must not claim one.
      throw new AppError(400, 'register.oauthUnknown');
    }
    const taken = await this.db
      .selectFrom('yuan_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account', '=', body.account)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (taken) {
      throw new FieldError('account', encodeMessage('form.unique', { label: 'user.account' }));
    }
    const used = await sql<{ n: string }>`
      SELECT count(*) AS n FROM yuan_user WHERE tenant_id = ${tenantId} AND is_deleted = 0`.execute(this.db);
    if (tenant.account_number >= 0 && Number(used.rows[0]?.n ?? 0) >= tenant.account_number) {
      throw new AppError(400, 'user.quotaExceeded');
    }
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
