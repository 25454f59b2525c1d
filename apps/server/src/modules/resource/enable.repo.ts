import type { Resource } from '@yuan/contract';
import type { Kysely } from 'kysely';
import type { Kdb } from '../../db/index.ts';

type AnyDB = Record<string, Record<string, unknown>>;
export const ENABLED = 1;
export const DISABLED = 2;

/** SQL of a tenant's configurations of one kind (storage, SMS), of which at most one is enabled. */
export class EnableRepo {
  private readonly db: Kysely<AnyDB>;

  constructor(
    db: Kdb,
    private readonly res: Resource,
  ) {
    // The table name comes from the resource definition, never from a request.
    this.db = db as unknown as Kysely<AnyDB>;
  }

  async exists(tenantId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom(this.res.table)
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
      .updateTable(this.res.table)
      .set({ status: DISABLED })
      .where('tenant_id', '=', tenantId)
      .where('id', '!=', id)
      .execute();
    await this.db
      .updateTable(this.res.table)
      .set({ status: ENABLED })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
}
