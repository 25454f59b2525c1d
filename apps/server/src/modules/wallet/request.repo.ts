import type { TxStatus } from '@yuan/contract';
import { sql } from 'kysely';
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

  async find(tenantId: string, userId: string, requestId: string): Promise<WalletRequest | undefined> {
    const { rows } =
      await sql<WalletRequest>`SELECT wallet_id::text AS "walletId", kind, amount::text AS amount, tx_hash AS "txHash", status
      FROM yuan_wallet_request WHERE tenant_id = ${tenantId} AND user_id = ${userId}
      AND request_id = ${requestId}`.execute(this.db);
    return rows[0];
  }

  /** Claims the request id; false when it was already claimed (by a concurrent retry). */
  async claim(
    tenantId: string,
    userId: string,
    requestId: string,
    what: { walletId: string; kind: string; to: string; amount: bigint },
  ) {
    const r =
      await sql`INSERT INTO yuan_wallet_request (tenant_id, user_id, request_id, wallet_id, kind, to_address,
      amount) VALUES (${tenantId}, ${userId}, ${requestId}, ${what.walletId}, ${what.kind}, ${what.to.toLowerCase()},
      ${what.amount.toString()}) ON CONFLICT DO NOTHING`.execute(this.db);
    return Number(r.numAffectedRows ?? 0) === 1;
  }

  async sent(tenantId: string, userId: string, requestId: string, txHash: string): Promise<void> {
    await sql`UPDATE yuan_wallet_request SET tx_hash = ${txHash}, status = 'pending'
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND request_id = ${requestId}`.execute(this.db);
  }

  /** Nothing was sent: the request id is free for a retry. */
  async release(tenantId: string, userId: string, requestId: string): Promise<void> {
    await sql`DELETE FROM yuan_wallet_request WHERE tenant_id = ${tenantId} AND user_id = ${userId}
      AND request_id = ${requestId} AND tx_hash IS NULL`.execute(this.db);
  }

  /** Sent transactions whose outcome is not known yet, every tenant's (the indexer settles them). */
  async unsettled(limit: number): Promise<string[]> {
    const { rows } = await sql<{
      txHash: string;
    }>`SELECT DISTINCT tx_hash AS "txHash" FROM yuan_wallet_request
      WHERE status = 'pending' AND tx_hash IS NOT NULL LIMIT ${limit}`.execute(this.db);
    return rows.map((r) => r.txHash);
  }

  async settle(txHash: string, status: TxStatus): Promise<void> {
    await sql`UPDATE yuan_wallet_request SET status = ${status} WHERE tx_hash = ${txHash}`.execute(this.db);
  }
}
