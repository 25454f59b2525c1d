import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

/** Redemption codes and wrong tries, SQL only (codes by their hash). */
export class SdkRepo {
  constructor(private readonly db: Kdb) {}

  async territoryExists(code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('yuan_region')
      .select('code')
      .where('code', '=', code)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
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
      await this.db
        .insertInto('yuan_sdk_code')
        .values({
          tenant_id: c.tenantId,
          id: c.id,
          batch_id: c.batchId,
          code_hash: c.hash,
          amount: c.amount.toString(),
          territory: c.territory,
          expires_at: c.expiresAt,
          create_user: c.userId,
        })
        .execute();
    }
  }

  /** Whether the code can still be redeemed. */
  async live(tenantId: string, hash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('yuan_sdk_code')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('code_hash', '=', hash)
      .where('used_by', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Takes the code for one wallet: only one claim of a live code succeeds. */
  claim(
    tenantId: string,
    hash: string,
    userId: string,
    walletId: string,
  ): Promise<{ id: string; amount: string; territory: string | null } | undefined> {
    return this.db
      .updateTable('yuan_sdk_code')
      .set({ used_by: userId, used_wallet: walletId, used_time: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('code_hash', '=', hash)
      .where('used_by', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['id', 'amount', 'territory'])
      .executeTakeFirst();
  }

  /** The mint failed: the code is live again. */
  async unclaim(tenantId: string, id: string): Promise<void> {
    await this.db
      .updateTable('yuan_sdk_code')
      .set({ used_by: null, used_wallet: null, used_time: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('tx_hash', 'is', null)
      .execute();
  }

  async minted(tenantId: string, id: string, txHash: string): Promise<void> {
    await this.db
      .updateTable('yuan_sdk_code')
      .set({ tx_hash: txHash })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async miss(tenantId: string, userId: string): Promise<void> {
    await this.db.insertInto('yuan_sdk_miss').values({ tenant_id: tenantId, user_id: userId }).execute();
  }

  async missesSince(tenantId: string, userId: string, minutes: number): Promise<number> {
    const row = await this.db
      .selectFrom('yuan_sdk_miss')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('create_time', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  userContact(tenantId: string, userId: string): Promise<{ email: string; phone: string } | undefined> {
    return this.db
      .selectFrom('yuan_user')
      .select((eb) => [
        eb.fn.coalesce('email', sql.lit('')).as('email'),
        eb.fn.coalesce('phone', sql.lit('')).as('phone'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
  }
}
