import type { WalletRow } from '@yuan/contract';
import type { Insertable } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import type { DB } from '../../db/schema.ts';

/** The wallet as the client sees it; its time travels as ISO text. */
const toRow = (w: {
  id: string;
  name: string;
  address: string;
  email: string;
  create_time: Date;
}): WalletRow => ({
  id: w.id,
  name: w.name,
  address: w.address,
  email: w.email,
  createTime: w.create_time.toISOString(),
});

/** Wallets, SQL only: a user's own live wallets of the tenant; the sealed key only where it is asked for. */
export class WalletRepo {
  constructor(private readonly db: Kdb) {}

  private live(tenantId: string, userId: string) {
    return this.db
      .selectFrom('yuan_wallet')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('is_deleted', '=', 0);
  }

  /** A new wallet as its row: the table's own columns, so the repo adds no mapping of its own. */
  async insert(row: Omit<Insertable<DB['yuan_wallet']>, 'create_time' | 'is_deleted'>): Promise<void> {
    await this.db.insertInto('yuan_wallet').values(row).execute();
  }

  async hasAddress(tenantId: string, userId: string, address: string): Promise<boolean> {
    const row = await this.live(tenantId, userId)
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['address']), '=', address.toLowerCase()))
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(tenantId: string, userId: string): Promise<WalletRow[]> {
    const rows = await this.live(tenantId, userId)
      .select(['id', 'name', 'address', 'email', 'create_time'])
      .orderBy('create_time')
      .orderBy('id')
      .execute();
    return rows.map(toRow);
  }

  async find(tenantId: string, userId: string, id: string): Promise<WalletRow | undefined> {
    const row = await this.live(tenantId, userId)
      .select(['id', 'name', 'address', 'email', 'create_time'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** What paying needs: the sealed key, the password's hash and the address codes are mailed to. */
  secretOf(
    tenantId: string,
    userId: string,
    id: string,
  ): Promise<{ address: string; sealedKey: string; passwordHash: string; email: string } | undefined> {
    return this.live(tenantId, userId)
      .select(['address', 'sealed_key as sealedKey', 'password_hash as passwordHash', 'email'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async rename(tenantId: string, userId: string, id: string, name: string): Promise<number> {
    const r = await this.db
      .updateTable('yuan_wallet')
      .set({ name })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
