import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

/** Redemption codes and wrong tries, SQL only (codes by their hash). */
export class SdkRepo {
  constructor(private readonly db: Kdb) {}

  async territoryExists(code: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM yuan_region WHERE code = ${code} AND is_deleted = 0`.execute(
      this.db,
    );
    return rows.length > 0;
  }

  async insert(
    codes: {
      tenantId: string;
      id: string;
      batchId: string;
      hash: string;
      amount: bigint;
      territory: string | null;
      expiresAt: Date;
      userId: string;
    }[],
  ): Promise<void> {
    for (const c of codes) {
      await sql`INSERT INTO yuan_sdk_code (tenant_id, id, batch_id, code_hash, amount, territory, expires_at,
        create_user) VALUES (${c.tenantId}, ${c.id}, ${c.batchId}, ${c.hash}, ${c.amount.toString()}, ${c.territory},
        ${c.expiresAt}, ${c.userId})`.execute(this.db);
    }
  }

  /** Whether the code can still be redeemed. */
  async live(tenantId: string, hash: string): Promise<boolean> {
    const { rows } =
      await sql`SELECT 1 FROM yuan_sdk_code WHERE tenant_id = ${tenantId} AND code_hash = ${hash}
      AND used_by IS NULL AND expires_at > now()`.execute(this.db);
    return rows.length > 0;
  }

  /** Takes the code for one wallet: only one claim of a live code succeeds. */
  async claim(
    tenantId: string,
    hash: string,
    userId: string,
    walletId: string,
  ): Promise<{ id: string; amount: string; territory: string | null } | undefined> {
    const { rows } = await sql<{ id: string; amount: string; territory: string | null }>`UPDATE yuan_sdk_code
      SET used_by = ${userId}, used_wallet = ${walletId}, used_time = now()
      WHERE tenant_id = ${tenantId} AND code_hash = ${hash} AND used_by IS NULL AND expires_at > now()
      RETURNING id::text AS id, amount::text AS amount, territory`.execute(this.db);
    return rows[0];
  }

  /** The mint failed: the code is live again. */
  async unclaim(tenantId: string, id: string): Promise<void> {
    await sql`UPDATE yuan_sdk_code SET used_by = NULL, used_wallet = NULL, used_time = NULL
      WHERE tenant_id = ${tenantId} AND id = ${id} AND tx_hash IS NULL`.execute(this.db);
  }

  async minted(tenantId: string, id: string, txHash: string): Promise<void> {
    await sql`UPDATE yuan_sdk_code SET tx_hash = ${txHash} WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(
      this.db,
    );
  }

  async miss(tenantId: string, userId: string): Promise<void> {
    await sql`INSERT INTO yuan_sdk_miss (tenant_id, user_id) VALUES (${tenantId}, ${userId})`.execute(
      this.db,
    );
  }

  async missesSince(tenantId: string, userId: string, minutes: number): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM yuan_sdk_miss
      WHERE tenant_id = ${tenantId} AND user_id = ${userId}
      AND create_time > now() - make_interval(mins => ${minutes})`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  async userContact(tenantId: string, userId: string): Promise<{ email: string; phone: string } | undefined> {
    const { rows } = await sql<{ email: string; phone: string }>`SELECT coalesce(email, '') AS email,
      coalesce(phone, '') AS phone FROM yuan_user WHERE tenant_id = ${tenantId} AND id = ${userId}
      AND is_deleted = 0`.execute(this.db);
    return rows[0];
  }
}
