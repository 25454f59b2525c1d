import type { RevisionChange } from '@yuan/contract';
import type { Kdb } from '../../db/index.ts';
import { authorOf, writeRevisions } from '../../lib/crud/revisions.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AuthContext } from '../../types.ts';
import type { SessionGuard } from '../auth/index.ts';
import { paramValue } from '../system/index.ts';

export const INIT_PASSWORD_PARAM = 'account.initPassword';
/** The origin system's initial password, used when the tenant has not set account.initPassword. */
const FALLBACK_INIT_PASSWORD = '123456';
/** A password's change, as its revision keeps it: named, without values. */
export const PASSWORD: RevisionChange[] = [{ field: 'password' }];
/** What a user changes of their own profile, and the columns of it. */
const PROFILE_COLUMNS = {
  name: 'name',
  realName: 'real_name',
  avatar: 'avatar',
  email: 'email',
  phone: 'phone',
  sex: 'sex',
} as const;
type ProfileField = keyof typeof PROFILE_COLUMNS;
const PROFILE_FIELDS = Object.keys(PROFILE_COLUMNS) as ProfileField[];
const ids = (list: string) => [...new Set(list.split(',').filter(Boolean))];

/** User actions beyond CRUD: own profile and password, role grants, password reset, unlock, platform settings. */
export class UserService {
  constructor(
    private readonly db: Kdb,
    private readonly sessions: SessionGuard,
    /** The tenant's live roles of these ids (the auth module's look-up, which sign-in uses too). */
    private readonly roles: (
      tenantId: string,
      roleIds: string[],
    ) => Promise<{ id: unknown; role_name: string }[]>,
  ) {}

  private async tenantUsers(ctx: AuthContext, userIds: string) {
    const list = ids(userIds);
    const rows = await this.db
      .selectFrom('yuan_user')
      .select(['id', 'account'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', list)
      .where('is_deleted', '=', 0)
      .execute();
    if (rows.length !== list.length) {
      throw notFound();
    }
    return rows;
  }

  async info(ctx: AuthContext) {
    const u = await this.db
      .selectFrom('yuan_user')
      .select([
        'id',
        'tenant_id as tenantId',
        'account',
        'name',
        'real_name as realName',
        'avatar',
        'email',
        'phone',
        'sex',
        'birthday',
        'role_id as roleId',
        'dept_id as deptId',
        'post_id as postId',
        'user_type as userType',
      ])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', ctx.userId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!u) {
      throw notFound();
    }
    // The roles' names as the role screen shows them (超级管理员), in the user's order of them.
    const roleIds = String(u.roleId ?? '')
      .split(',')
      .filter((id) => /^[0-9]{1,19}$/.test(id));
    const nameOf = new Map((await this.roles(ctx.tenantId, roleIds)).map((r) => [String(r.id), r.role_name]));
    return { ...u, roleNames: roleIds.map((id) => nameOf.get(id)).filter((n): n is string => Boolean(n)) };
  }

  /** The caller's own profile: the fields given change, and the change is kept as the user row's revision. */
  async updateInfo(ctx: AuthContext, values: Partial<Record<ProfileField, string | number>>) {
    const given = PROFILE_FIELDS.filter((field) => values[field] !== undefined);
    if (given.length === 0) {
      return;
    }
    const before = await this.db
      .selectFrom('yuan_user')
      .select(given.map((field) => `${PROFILE_COLUMNS[field]} as ${field}` as const))
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', ctx.userId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!before) {
      return;
    }
    const was = before as Record<string, unknown>;
    await this.db
      .updateTable('yuan_user')
      .set({
        ...Object.fromEntries(given.map((field) => [PROFILE_COLUMNS[field], values[field]])),
        update_user: ctx.userId,
        update_time: new Date(),
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', ctx.userId)
      .execute();
    const changes = given
      .filter((field) => (was[field] ?? null) !== values[field])
      .map((field) => ({ field, before: was[field] ?? null, after: values[field] }));
    await writeRevisions(this.db, authorOf(ctx), 'user', 'update', [{ rowId: ctx.userId, changes }]);
  }

  /** Changes the caller's password and ends every other session of the caller. */
  async updatePassword(
    ctx: AuthContext,
    oldPassword: string,
    newPassword: string,
    confirm: string,
  ): Promise<void> {
    if (newPassword !== confirm) {
      throw new AppError(400, 'user.passwordMismatch');
    }
    const u = await this.db
      .selectFrom('yuan_user')
      .select('password')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', ctx.userId)
      .executeTakeFirst();
    if (!u || !(await verifyPassword(u.password, oldPassword))) {
      throw new AppError(400, 'user.oldPasswordWrong');
    }
    await this.db
      .updateTable('yuan_user')
      .set({ password: await hashPassword(newPassword), update_user: ctx.userId, update_time: new Date() })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', ctx.userId)
      .execute();
    await writeRevisions(this.db, authorOf(ctx), 'user', 'update', [
      { rowId: ctx.userId, changes: PASSWORD },
    ]);
    await this.endSessions(ctx.tenantId, [ctx.userId], ctx.sessionId);
  }

  /** Sets the users' password to the tenant's initial password and ends their sessions. */
  async resetPassword(ctx: AuthContext, userIds: string): Promise<void> {
    const users = await this.tenantUsers(ctx, userIds);
    const hash = await hashPassword(
      (await paramValue(this.db, ctx.tenantId, INIT_PASSWORD_PARAM)) ?? FALLBACK_INIT_PASSWORD,
    );
    await this.db
      .updateTable('yuan_user')
      .set({ password: hash, update_user: ctx.userId, update_time: new Date() })
      .where('tenant_id', '=', ctx.tenantId)
      .where(
        'id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    const rows = users.map((u) => ({ rowId: String(u.id), changes: PASSWORD }));
    await writeRevisions(this.db, authorOf(ctx), 'user', 'update', rows);
    await this.endSessions(
      ctx.tenantId,
      users.map((u) => u.id),
    );
  }

  async grant(ctx: AuthContext, userIds: string, roleIds: string): Promise<void> {
    const users = await this.tenantUsers(ctx, userIds);
    const roles = ids(roleIds);
    const found = await this.db
      .selectFrom('yuan_role')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', roles)
      .where('is_deleted', '=', 0)
      .execute();
    if (found.length !== roles.length) {
      throw notFound();
    }
    await this.db
      .updateTable('yuan_user')
      .set({ role_id: roles.join(','), update_user: ctx.userId, update_time: new Date() })
      .where('tenant_id', '=', ctx.tenantId)
      .where(
        'id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
  }

  /** Clears the login lock of the users' accounts. */
  async unlock(ctx: AuthContext, userIds: string): Promise<void> {
    const users = await this.tenantUsers(ctx, userIds);
    await this.db
      .deleteFrom('yuan_login_failure')
      .where(
        'key',
        'in',
        users.map((u) => `acct:${ctx.tenantId}:${u.account.toLowerCase()}`),
      )
      .execute();
  }

  async platformDetail(ctx: AuthContext, id: string) {
    const [u] = await this.tenantUsers(ctx, id);
    const row = await this.db
      .selectFrom('yuan_user')
      .select(['id', 'user_type as userType', 'user_ext as userExt'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', u!.id)
      .executeTakeFirstOrThrow();
    return row;
  }

  async updatePlatform(ctx: AuthContext, userId: string, userType: number, userExt: string): Promise<void> {
    await this.tenantUsers(ctx, userId);
    await this.db
      .updateTable('yuan_user')
      .set({ user_type: userType, user_ext: userExt, update_user: ctx.userId, update_time: new Date() })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', userId)
      .execute();
  }

  /** Revokes the users' live sessions (all but `keep`): a changed password ends them. */
  async endSessions(tenantId: string, userIds: string[], keep?: string): Promise<void> {
    const live = await this.db
      .selectFrom('yuan_session')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', userIds)
      .where('revoked_at', 'is', null)
      .execute();
    for (const s of live) {
      if (s.id !== keep) {
        await this.sessions.revoke(s.id, 'password');
      }
    }
  }
}
