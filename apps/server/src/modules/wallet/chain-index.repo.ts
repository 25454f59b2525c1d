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
    const row = await this.db
      .selectFrom('yuan_chain_cursor')
      .select('last_block')
      .where('chain_id', '=', chainId)
      .executeTakeFirst();
    return row ? BigInt(row.last_block) : undefined;
  }

  async blockHash(chainId: number, number: bigint): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('yuan_chain_block')
      .select('hash')
      .where('chain_id', '=', chainId)
      .where('number', '=', number.toString())
      .executeTakeFirst();
    return row?.hash;
  }

  /** The highest indexed block at or below `number` whose hash is known. */
  async knownBelow(chainId: number, number: bigint): Promise<IndexedBlock | undefined> {
    const row = await this.db
      .selectFrom('yuan_chain_block')
      .select(['number', 'hash', 'time', 'tx_count as txCount'])
      .where('chain_id', '=', chainId)
      .where('number', '<=', number.toString())
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { ...row, number: BigInt(row.number) };
  }

  /** A reorganised chain: forgets everything above `keep`, to be read again. */
  async rewind(chainId: number, keep: bigint): Promise<void> {
    const k = keep.toString();
    await this.db
      .deleteFrom('yuan_chain_event')
      .where('chain_id', '=', chainId)
      .where('block_number', '>', k)
      .execute();
    await this.db
      .deleteFrom('yuan_chain_block')
      .where('chain_id', '=', chainId)
      .where('number', '>', k)
      .execute();
    await this.advance(chainId, keep);
  }

  async save(chainId: number, blocks: IndexedBlock[], events: IndexedEvent[], to: bigint): Promise<void> {
    for (const b of blocks) {
      await this.db
        .insertInto('yuan_chain_block')
        .values({
          chain_id: chainId,
          number: b.number.toString(),
          hash: b.hash,
          time: b.time,
          tx_count: b.txCount,
        })
        .onConflict((oc) =>
          oc.columns(['chain_id', 'number']).doUpdateSet((eb) => ({
            hash: eb.ref('excluded.hash'),
            time: eb.ref('excluded.time'),
            tx_count: eb.ref('excluded.tx_count'),
          })),
        )
        .execute();
    }
    for (const e of events) {
      await this.db
        .insertInto('yuan_chain_event')
        .values({
          chain_id: chainId,
          block_number: e.blockNumber.toString(),
          tx_hash: e.txHash,
          log_index: e.logIndex,
          kind: e.kind,
          from_address: e.from.toLowerCase(),
          to_address: e.to.toLowerCase(),
          amount: e.amount.toString(),
          amount_out: e.amountOut?.toString() ?? null,
          territory: e.territory,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await this.advance(chainId, to);
  }

  private async advance(chainId: number, to: bigint): Promise<void> {
    await this.db
      .insertInto('yuan_chain_cursor')
      .values({ chain_id: chainId, last_block: to.toString() })
      .onConflict((oc) =>
        oc.column('chain_id').doUpdateSet((eb) => ({ last_block: eb.ref('excluded.last_block') })),
      )
      .execute();
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
    // Raw: one list from two sources of different shapes (a UNION of labelled CASE columns), read as a page.
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
    const issued = this.db
      .selectFrom('yuan_chain_event as e')
      .innerJoin('yuan_chain_block as b', (j) =>
        j.onRef('b.chain_id', '=', 'e.chain_id').onRef('b.number', '=', 'e.block_number'),
      )
      .where('e.chain_id', '=', chainId)
      .where('e.kind', '=', 'issue')
      .where('b.time', '>=', sql<Date>`${from}::date`)
      .where('b.time', '<', sql<Date>`${to}::date + 1`);
    const [territories, daily, blocks] = await Promise.all([
      issued
        .select((eb) => [
          'e.territory as code',
          eb.fn
            .coalesce(
              eb
                .selectFrom('yuan_region as r')
                .select('r.name')
                .whereRef('r.code', '=', 'e.territory')
                .where('r.is_deleted', '=', 0)
                .limit(1)
                .$asScalar(),
              sql.lit(''),
            )
            .as('name'),
          eb.fn.sum<string>('e.amount').as('total'),
        ])
        .groupBy('e.territory')
        .orderBy((eb) => eb.fn.sum('e.amount'), 'desc')
        .$narrowType<{ code: string }>()
        .execute(),
      issued
        .select((eb) => [
          eb.fn<string>('to_char', ['b.time', sql.lit('YYYY-MM-DD')]).as('day'),
          'e.territory as code',
          eb.fn.sum<string>('e.amount').as('amount'),
        ])
        .groupBy([sql`1`, sql`2`])
        .orderBy(sql`1`)
        .orderBy(sql`2`)
        .$narrowType<{ code: string }>()
        .execute(),
      this.db
        .selectFrom('yuan_chain_block')
        .select(['number', 'hash', 'time', 'tx_count as txCount'])
        .where('chain_id', '=', chainId)
        .orderBy('number', 'desc')
        .limit(10)
        .execute(),
    ]);
    return { territories, daily, blocks };
  }
}

const ZERO = '0x0000000000000000000000000000000000000000';

type RawLine = Omit<TxRow, 'confirmations' | 'time'> & { time: string };
