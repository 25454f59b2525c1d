import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { Reusable } from '../../db/reusable.ts';

/** The account columns user-info answers with. */
export const PROFILE_COLUMNS = [
  'id',
  'account',
  'name',
  'real_name',
  'post_id',
  'tenant_id',
  'oauth_id',
  'avatar',
] as const;

/** Look-ups the sign-in needs: clients, tenants, accounts, roles and the failure counters. SQL only. */
export class AuthRepo {
  /** Every authenticated call that reads the caller's account (user-info, token checks) runs this one. */
  private readonly userById = new Reusable(
    (value) =>
      this.db
        .selectFrom('yuan_user')
        .selectAll()
        .where('tenant_id', '=', value(0))
        .where('id', '=', value(1))
        .where('is_deleted', '=', 0),
    { statement: 'yuan_user_by_id' },
  );

  /** What user-info answers, and no more: the whole account row costs a wide parse on the most frequent call. */
  private readonly profileById = new Reusable(
    (value) =>
      this.db
        .selectFrom('yuan_user')
        .select(PROFILE_COLUMNS)
        .where('tenant_id', '=', value(0))
        .where('id', '=', value(1))
        .where('is_deleted', '=', 0),
    { statement: 'yuan_user_profile' },
  );

  constructor(private readonly db: Kdb) {}

  findClient(clientId: string) {
    return this.db
      .selectFrom('yuan_client')
      .select([
        'client_id',
        'client_secret',
        'authorized_grant_types',
        'web_server_redirect_uri',
        'access_token_validity',
        'refresh_token_validity',
        'scope',
      ])
      .where('client_id', '=', clientId)
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .executeTakeFirst();
  }

  findTenant(tenantId: string) {
    return this.db
      .selectFrom('yuan_tenant')
      .select(['tenant_id', 'tenant_name', 'status', 'expire_time'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
  }

  findUserByAccount(tenantId: string, account: string) {
    return this.db
      .selectFrom('yuan_user')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
  }

  /** The live account with this phone number (phone sign-in); the oldest when several share it. */
  findUserByPhone(tenantId: string, phone: string) {
    return this.db
      .selectFrom('yuan_user')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('phone', '=', phone)
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .executeTakeFirst();
  }

  findUser(tenantId: string, id: string) {
    return this.userById.first(this.db, [tenantId, id]);
  }

  findProfile(tenantId: string, id: string) {
    return this.profileById.first(this.db, [tenantId, id]);
  }

  rolesOf(tenantId: string, roleIds: string[]) {
    if (roleIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('yuan_role')
      .select(['id', 'role_alias', 'role_name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', roleIds)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .execute();
  }

  lockedUntil(keys: string[]) {
    return this.db
      .selectFrom('yuan_login_failure')
      .select(['key', 'locked_until'])
      .where('key', 'in', keys)
      .where('locked_until', '>', sql<Date>`now()`)
      .execute();
  }

  /**
   * Counts one failure per key inside a window of `windowMinutes`; the `max`-th failure locks the key for that long.
   * One statement per key, so concurrent failures cannot lose counts.
   */
  async recordFailure(keys: string[], max: number, windowMinutes: number) {
    for (const key of keys) {
      // Raw: one atomic upsert whose three CASEs read the old row; clearer as SQL than as builder expressions.
      await sql`
        INSERT INTO yuan_login_failure (key, failures, window_start, locked_until)
        VALUES (${key}, 1, now(), NULL)
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN yuan_login_failure.window_start < now() - make_interval(mins => ${windowMinutes})
                          THEN 1 ELSE yuan_login_failure.failures + 1 END,
          window_start = CASE WHEN yuan_login_failure.window_start < now() - make_interval(mins => ${windowMinutes})
                              THEN now() ELSE yuan_login_failure.window_start END,
          locked_until = CASE WHEN yuan_login_failure.window_start >= now() - make_interval(mins => ${windowMinutes})
                                   AND yuan_login_failure.failures + 1 >= ${max}
                              THEN now() + make_interval(mins => ${windowMinutes}) ELSE NULL END
      `.execute(this.db);
    }
  }

  clearFailures(keys: string[]) {
    return this.db.deleteFrom('yuan_login_failure').where('key', 'in', keys).execute();
  }
}
