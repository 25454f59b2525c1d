import { sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';

/** SQL of departments beyond the generic resource: the picker's rows and whether users still belong to some. */
export class DeptRepo {
  constructor(private readonly db: Kdb) {}

  /** id, parent and name of the tenant's live departments, in list order (nested by the caller). */
  options(tenantId: string) {
    return this.db
      .selectFrom('yuan_dept')
      .select(['id', 'parent_id as parentId', 'dept_name as title'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Whether a live user of the tenant belongs to any of the departments. */
  async hasUsers(tenantId: string, deptIds: string[]): Promise<boolean> {
    const used = await this.db
      .selectFrom('yuan_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where(sql<boolean>`string_to_array(dept_id, ',') && ${sql.val(deptIds)}::text[]`)
      .executeTakeFirst();
    return used !== undefined;
  }
}
