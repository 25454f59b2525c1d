import type { TxRow } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

export interface IndexedEvent {
  blockNumber: bigint;
  txHash: string;
  logIndex: number;
  kind: 'transfer' | 'swap' | 'issue';
  from: string;
  to: string;
  amount: bigint;
  amountOut: bigint | null;
  territory: string | null;
}

export interface IndexedBlock {
  number: bigint;
  hash: string;
  time: Date;
  txCount: number;
}

/** The indexed chain (public data, no tenant's), SQL only. */
export class ChainIndexRepo {
  constructor(private readonly db: Kdb) {}

  async cursor(chainId: number): Promise<bigint | undefined> {
    const { rows } = await sql<{ last: string }>`SELECT last_block::text AS last FROM yuan_chain_cursor
      WHERE chain_id = ${chainId}`.execute(this.db);
    return rows[0] ? BigInt(rows[0].last) : undefined;
  }

  async blockHash(chainId: number, number: bigint): Promise<string | undefined> {
    const { rows } = await sql<{ hash: string }>`SELECT hash FROM yuan_chain_block
      WHERE chain_id = ${chainId} AND number = ${number.toString()}`.execute(this.db);
    return rows[0]?.hash;
  }

  /** The highest indexed block at or below `number` whose hash is known. */
  async knownBelow(chainId: number, number: bigint): Promise<IndexedBlock | undefined> {
    const { rows } = await sql<{ number: string; hash: string; time: Date; txCount: number }>`
      SELECT number::text AS number, hash, time, tx_count AS "txCount" FROM yuan_chain_block
      WHERE chain_id = ${chainId} AND number <= ${number.toString()} ORDER BY number DESC LIMIT 1`.execute(
      this.db,
    );
    const row = rows[0];
    return row && { ...row, number: BigInt(row.number) };
  }

  /** A reorganised chain: forgets everything above `keep`, to be read again. */
  async rewind(chainId: number, keep: bigint): Promise<void> {
    const k = keep.toString();
    await sql`DELETE FROM yuan_chain_event WHERE chain_id = ${chainId} AND block_number > ${k}`.execute(
      this.db,
    );
    await sql`DELETE FROM yuan_chain_block WHERE chain_id = ${chainId} AND number > ${k}`.execute(this.db);
    await this.advance(chainId, keep);
  }

  async save(chainId: number, blocks: IndexedBlock[], events: IndexedEvent[], to: bigint): Promise<void> {
    for (const b of blocks) {
      await sql`INSERT INTO yuan_chain_block (chain_id, number, hash, time, tx_count)
        VALUES (${chainId}, ${b.number.toString()}, ${b.hash}, ${b.time}, ${b.txCount})
        ON CONFLICT (chain_id, number) DO UPDATE SET hash = EXCLUDED.hash, time = EXCLUDED.time,
        tx_count = EXCLUDED.tx_count`.execute(this.db);
    }
    for (const e of events) {
      await sql`INSERT INTO yuan_chain_event (chain_id, block_number, tx_hash, log_index, kind, from_address,
        to_address, amount, amount_out, territory) VALUES (${chainId}, ${e.blockNumber.toString()}, ${e.txHash},
        ${e.logIndex}, ${e.kind}, ${e.from.toLowerCase()}, ${e.to.toLowerCase()}, ${e.amount.toString()},
        ${e.amountOut?.toString() ?? null}, ${e.territory}) ON CONFLICT DO NOTHING`.execute(this.db);
    }
    await this.advance(chainId, to);
  }

  private async advance(chainId: number, to: bigint): Promise<void> {
    await sql`INSERT INTO yuan_chain_cursor (chain_id, last_block) VALUES (${chainId}, ${to.toString()})
      ON CONFLICT (chain_id) DO UPDATE SET last_block = EXCLUDED.last_block`.execute(this.db);
  }

  /**
   * A wallet's history, newest first: its YBI transfers (a mint shows as issue) and its swaps (the YBI it sold and
   * the ETH it got, one line), then what it sent that the index has not seen yet.
   */
  async history(
    tenantId: string,
    chainId: number,
    walletId: string,
    address: string,
    page: { current: number; size: number },
  ): Promise<{ records: Omit<TxRow, 'confirmations'>[]; total: number }> {
    const a = address.toLowerCase();
    const lines = sql`
      SELECT e.tx_hash, e.block_number, e.log_index, b.time,
        CASE WHEN e.kind = 'swap' THEN 'swap' WHEN e.from_address = ${ZERO} THEN 'issue' ELSE 'transfer' END AS kind,
        CASE WHEN e.to_address = ${a} AND e.kind <> 'swap' THEN 'in' ELSE 'out' END AS direction,
        e.from_address, e.to_address, e.amount, e.amount_out, 'confirmed' AS status
      FROM yuan_chain_event e JOIN yuan_chain_block b ON b.chain_id = e.chain_id AND b.number = e.block_number
      WHERE e.chain_id = ${chainId} AND (e.from_address = ${a} OR e.to_address = ${a})
        AND (e.kind = 'swap' OR (e.kind = 'transfer' AND NOT EXISTS (SELECT 1 FROM yuan_chain_event s
          WHERE s.chain_id = e.chain_id AND s.tx_hash = e.tx_hash AND s.kind = 'swap')))
      UNION ALL
      SELECT r.tx_hash, NULL, 0, r.create_time, CASE WHEN r.kind = 'swap' THEN 'swap' ELSE 'transfer' END,
        'out', ${a}, r.to_address, r.amount, NULL, r.status
      FROM yuan_wallet_request r
      WHERE r.tenant_id = ${tenantId} AND r.wallet_id = ${walletId} AND r.kind IN ('send', 'swap')
        AND r.tx_hash IS NOT NULL AND r.status IN ('pending', 'failed')
        AND NOT EXISTS (SELECT 1 FROM yuan_chain_event x WHERE x.chain_id = ${chainId} AND x.tx_hash = r.tx_hash)`;
    const [{ rows }, count] = await Promise.all([
      sql<RawLine>`SELECT tx_hash AS "txHash", block_number::text AS "blockNumber", time, kind, direction,
        from_address AS "from", to_address AS "to", amount::text AS amount, amount_out::text AS "amountOut", status
        FROM (${lines}) l ORDER BY block_number DESC NULLS FIRST, time DESC, log_index DESC
        LIMIT ${page.size} OFFSET ${(page.current - 1) * page.size}`.execute(this.db),
      sql<{ n: string }>`SELECT count(*)::text AS n FROM (${lines}) l`.execute(this.db),
    ]);
    return { records: rows, total: Number(count.rows[0]?.n ?? 0) };
  }

  /** Issuance per territory and per day in [from, to) (whole days of the session's zone), and the latest blocks. */
  async issuance(chainId: number, range: { from?: string; to?: string }) {
    const from = range.from ?? '1970-01-01';
    const to = range.to ?? '9999-12-31';
    const issued = sql`FROM yuan_chain_event e JOIN yuan_chain_block b ON b.chain_id = e.chain_id
      AND b.number = e.block_number WHERE e.chain_id = ${chainId} AND e.kind = 'issue'
      AND b.time >= ${from}::date AND b.time < ${to}::date + 1`;
    const [territories, daily, blocks] = await Promise.all([
      sql<{ code: string; name: string; total: string }>`SELECT e.territory AS code,
        coalesce((SELECT r.name FROM yuan_region r WHERE r.code = e.territory AND r.is_deleted = 0 LIMIT 1), '')
          AS name, sum(e.amount)::text AS total ${issued} GROUP BY e.territory ORDER BY sum(e.amount) DESC`.execute(
        this.db,
      ),
      sql<{ day: string; code: string; amount: string }>`SELECT to_char(b.time, 'YYYY-MM-DD') AS day,
        e.territory AS code, sum(e.amount)::text AS amount ${issued} GROUP BY 1, 2 ORDER BY 1, 2`.execute(
        this.db,
      ),
      sql<{
        number: string;
        hash: string;
        time: Date;
        txCount: number;
      }>`SELECT number::text AS number, hash, time,
        tx_count AS "txCount" FROM yuan_chain_block WHERE chain_id = ${chainId}
        ORDER BY number DESC LIMIT 10`.execute(this.db),
    ]);
    return { territories: territories.rows, daily: daily.rows, blocks: blocks.rows };
  }
}

const ZERO = '0x0000000000000000000000000000000000000000';

type RawLine = Omit<TxRow, 'confirmations' | 'time'> & { time: string };
