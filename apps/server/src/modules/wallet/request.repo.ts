import type { TxStatus } from '@yuan/contract';
import type { Kdb } from '../../db/index.ts';

/** What one request id stands for: which wallet paid, how, and the transaction once sent. */
export interface WalletRequest {
  walletId: string;
  kind: string;
  /** The amount paid or sold, in the token's smallest unit. */
  amount: string;
  txHash: string | null;
  /** sending: claimed, not yet handed to the node; then pending, confirmed or failed. */
  status: 'sending' | TxStatus;
}

/** Payments by request id, SQL only. */
export class RequestRepo {
  constructor(private readonly db: Kdb) {}

  find(tenantId: string, userId: string, requestId: string): Promise<WalletRequest | undefined> {
    return this.db
      .selectFrom('yuan_wallet_request')
      .select(['wallet_id as walletId', 'kind', 'amount', 'tx_hash as txHash', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('request_id', '=', requestId)
      .$narrowType<{ status: WalletRequest['status'] }>()
      .executeTakeFirst();
  }

  /** Claims the request id; false when it was already claimed (by a concurrent retry). */
  async claim(
    tenantId: string,
    userId: string,
    requestId: string,
    what: { walletId: string; kind: string; to: string; amount: bigint },
  ) {
    const r = await this.db
      .insertInto('yuan_wallet_request')
      .values({
        tenant_id: tenantId,
        user_id: userId,
        request_id: requestId,
        wallet_id: what.walletId,
        kind: what.kind,
        to_address: what.to.toLowerCase(),
        amount: what.amount.toString(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async sent(tenantId: string, userId: string, requestId: string, txHash: string): Promise<void> {
    await this.db
      .updateTable('yuan_wallet_request')
      .set({ tx_hash: txHash, status: 'pending' })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('request_id', '=', requestId)
      .execute();
  }

  /** Nothing was sent: the request id is free for a retry. */
  async release(tenantId: string, userId: string, requestId: string): Promise<void> {
    await this.db
      .deleteFrom('yuan_wallet_request')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('request_id', '=', requestId)
      .where('tx_hash', 'is', null)
      .execute();
  }

  /** Sent transactions whose outcome is not known yet, every tenant's (the indexer settles them). */
  async unsettled(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_wallet_request')
      .select('tx_hash')
      .distinct()
      .where('status', '=', 'pending')
      .where('tx_hash', 'is not', null)
      .limit(limit)
      .$narrowType<{ tx_hash: string }>()
      .execute();
    return rows.map((r) => r.tx_hash);
  }

  async settle(txHash: string, status: TxStatus): Promise<void> {
    await this.db.updateTable('yuan_wallet_request').set({ status }).where('tx_hash', '=', txHash).execute();
  }
}
