import type { Kdb } from '../../../db/index.ts';

export type Positions = Record<string, { x: number; y: number }>;

/** The ER diagram's saved table positions, one row per tenant (row-level security picks the caller's). */
export class ErdRepo {
  constructor(private readonly db: Kdb) {}

  async positions(): Promise<Positions> {
    const row = await this.db.selectFrom('yuan_erd_layout').select('positions').executeTakeFirst();
    return row?.positions ?? {};
  }

  async save(tenantId: string, userId: string, positions: Positions): Promise<void> {
    const json = JSON.stringify(positions);
    await this.db
      .insertInto('yuan_erd_layout')
      .values({ tenant_id: tenantId, positions: json, update_user: userId, update_time: new Date() })
      .onConflict((c) =>
        c.column('tenant_id').doUpdateSet({ positions: json, update_user: userId, update_time: new Date() }),
      )
      .execute();
  }
}
