import type { Resource } from '@yuan/contract';
import { tableOf } from '../../db/dynamic.ts';
import type { Kdb } from '../../db/index.ts';

export const ENABLED = 1;
export const DISABLED = 2;

/** SQL of a tenant's configurations of one kind (storage, SMS), of which at most one is enabled. */
export class EnableRepo {
  private readonly table: 'yuan_oss' | 'yuan_sms';

  constructor(
    private readonly db: Kdb,
    res: Resource,
  ) {
    this.table = tableOf(res, ['yuan_oss', 'yuan_sms'] as const);
  }

  async exists(tenantId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom(this.table)
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Enables one configuration and disables the tenant's others. */
  async enableOnly(tenantId: string, id: string): Promise<void> {
    await this.db
      .updateTable(this.table)
      .set({ status: DISABLED })
      .where('tenant_id', '=', tenantId)
      .where('id', '!=', id)
      .execute();
    await this.db
      .updateTable(this.table)
      .set({ status: ENABLED })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
}
