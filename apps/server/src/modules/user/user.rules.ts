import { encodeMessage, PASSWORD_MIN } from '@yuan/contract';
import type { Kdb } from '../../db/index.ts';
import type { ResourceRules } from '../../lib/crud/crud.service.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';

const list = (v: unknown) => (typeof v === 'string' ? [...new Set(v.split(',').filter(Boolean))] : []);

/** Refuses another account when the tenant's account quota (-1: none) is used up. */
export async function refuseOverQuota(db: Kdb, tenantId: string): Promise<void> {
  const row = await db
    .selectFrom('yuan_tenant as t')
    .select((eb) => [
      't.account_number as quota',
      eb
        .selectFrom('yuan_user as u')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('u.tenant_id', '=', 't.tenant_id')
        .where('u.is_deleted', '=', 0)
        .$asScalar()
        .as('used'),
    ])
    .where('t.tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (row && row.quota >= 0 && Number(row.used) >= row.quota) {
    throw new AppError(400, 'user.quotaExceeded');
  }
}

/**
 * Users: a password (at least 6 characters) is required on add and stored as a hash; updates never change it (reset
 * and update-password do). Roles, departments and posts must be the tenant's own. The tenant's account quota holds.
 */
export function userRules(db: Kdb): ResourceRules {
  const owned = async (table: 'yuan_role' | 'yuan_dept' | 'yuan_post', tenantId: string, ids: string[]) => {
    if (ids.length === 0) {
      return;
    }
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    if (rows.length !== ids.length) {
      throw notFound();
    }
  };
  return {
    async prepare(ctx, values, id) {
      await owned('yuan_role', ctx.tenantId, list(values.roleId));
      await owned('yuan_dept', ctx.tenantId, list(values.deptId));
      await owned('yuan_post', ctx.tenantId, list(values.postId));
      const { password, ...rest } = values;
      if (id) {
        return rest;
      }
      if (typeof password !== 'string' || password === '') {
        throw new FieldError('password', encodeMessage('form.required', { label: 'user.password' }));
      }
      if (password.length < PASSWORD_MIN) {
        throw new FieldError(
          'password',
          encodeMessage('form.range', { label: 'user.password', min: PASSWORD_MIN, max: 128 }),
        );
      }
      await refuseOverQuota(db, ctx.tenantId);
      return { ...rest, password: await hashPassword(password) };
    },
    async beforeRemove(ctx, ids) {
      if (ids.includes(ctx.userId)) {
        throw new AppError(400, 'user.removeSelf');
      }
    },
  };
}
