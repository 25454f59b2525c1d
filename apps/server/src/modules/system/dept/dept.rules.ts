import { sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import type { ResourceRules } from '../../../lib/crud/crud.service.ts';
import { AppError } from '../../../lib/errors.ts';

/** A department that still has users cannot be removed. */
export function deptRules(db: Kdb): ResourceRules {
  return {
    async beforeRemove(ctx, ids) {
      const used = await db
        .selectFrom('yuan_user')
        .select('id')
        .where('tenant_id', '=', ctx.tenantId)
        .where('is_deleted', '=', 0)
        .where(sql<boolean>`string_to_array(dept_id, ',') && ${sql.val(ids)}::text[]`)
        .executeTakeFirst();
      if (used) {
        throw new AppError(400, 'error.inUse');
      }
    },
  };
}
