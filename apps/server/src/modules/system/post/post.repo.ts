import type { Kdb } from '../../../db/index.ts';

/** SQL of posts beyond the generic resource: the picker's rows. */
export class PostRepo {
  constructor(private readonly db: Kdb) {}

  options(tenantId: string) {
    return this.db
      .selectFrom('yuan_post')
      .select(['id', 'post_code as postCode', 'post_name as postName', 'category'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }
}
