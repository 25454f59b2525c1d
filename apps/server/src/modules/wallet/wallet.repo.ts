import type { WalletRow } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

const COLUMNS = sql`id::text AS id, name, address, email, create_time AS "createTime"`;

/** Wallets, SQL only: a user's own live wallets of the tenant; the sealed key only where it is asked for. */
export class WalletRepo {
  constructor(private readonly db: Kdb) {}

  async insert(w: {
    tenantId: string;
    id: string;
    userId: string;
    name: string;
    address: string;
    sealedKey: string;
    passwordHash: string;
    email: string;
  }): Promise<void> {
    await sql`INSERT INTO yuan_wallet (tenant_id, id, user_id, name, address, sealed_key, password_hash, email)
      VALUES (${w.tenantId}, ${w.id}, ${w.userId}, ${w.name}, ${w.address}, ${w.sealedKey}, ${w.passwordHash},
        ${w.email})`.execute(this.db);
  }

  async hasAddress(tenantId: string, userId: string, address: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM yuan_wallet WHERE tenant_id = ${tenantId} AND user_id = ${userId}
      AND lower(address) = lower(${address}) AND is_deleted = 0`.execute(this.db);
    return rows.length > 0;
  }

  async list(tenantId: string, userId: string): Promise<WalletRow[]> {
    const { rows } = await sql<WalletRow>`SELECT ${COLUMNS} FROM yuan_wallet
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND is_deleted = 0 ORDER BY create_time, id`.execute(
      this.db,
    );
    return rows;
  }

  async find(tenantId: string, userId: string, id: string): Promise<WalletRow | undefined> {
    const { rows } = await sql<WalletRow>`SELECT ${COLUMNS} FROM yuan_wallet
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND id = ${id} AND is_deleted = 0`.execute(
      this.db,
    );
    return rows[0];
  }

  /** What paying needs: the sealed key, the password's hash and the address codes are mailed to. */
  async secretOf(
    tenantId: string,
    userId: string,
    id: string,
  ): Promise<{ address: string; sealedKey: string; passwordHash: string; email: string } | undefined> {
    const { rows } = await sql<{ address: string; sealedKey: string; passwordHash: string; email: string }>`
      SELECT address, sealed_key AS "sealedKey", password_hash AS "passwordHash", email FROM yuan_wallet
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND id = ${id} AND is_deleted = 0`.execute(
      this.db,
    );
    return rows[0];
  }

  async rename(tenantId: string, userId: string, id: string, name: string): Promise<number> {
    const r = await sql`UPDATE yuan_wallet SET name = ${name}
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND id = ${id} AND is_deleted = 0`.execute(
      this.db,
    );
    return Number(r.numAffectedRows ?? 0);
  }
}
