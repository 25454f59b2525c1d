import { entityTable } from '@yuan/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

/** Days of the session's time zone (the tenant's): `from` and `to` included. */
export interface DayRange {
  from: string;
  to: string;
}

/** A count per day, the day as YYYY-MM-DD of the session's zone; days without rows are absent. */
export type DayCounts = { day: string; n: number }[];

export interface EntityTable {
  id: string;
  entNo: string;
  entName: string;
}

const ENTITY_ID = /^[0-9]{1,19}$/;

/**
 * The range's first and last instant as timestamptz in the session's zone. Compared as timestamptz with
 * timestamptz, the bounds can be index conditions under row-level security (that comparison is leakproof; a
 * timestamptz-with-date comparison is not, and would be checked row by row after the tenant's rows are read).
 */
const start = (range: DayRange) => sql`${range.from}::date::timestamptz`;
const end = (range: DayRange) => sql`(${range.to}::date + 1)::timestamptz`;

/**
 * The dashboard's SQL: one query per figure, each on an index led by the tenant (migration 0029). A date without a
 * zone means the session's zone, which every scope of a tenant has set to the tenant's (TimeZoneService), so the
 * days here are the tenant's days.
 */
export class DashboardRepo {
  constructor(private readonly db: Kdb) {}

  /** Rows per day of `column` in the range, from one table of the tenant (`filter` narrows it further). */
  private async perDay(
    table: string,
    column: string,
    tenantId: string,
    range: DayRange,
    filter: RawBuilder<unknown> = sql`TRUE`,
  ): Promise<DayCounts> {
    const at = sql.ref(column);
    const { rows } = await sql<{ day: string; n: string }>`
      SELECT to_char(${at}, 'YYYY-MM-DD') AS day, count(*)::text AS n FROM ${sql.table(table)}
      WHERE tenant_id = ${tenantId} AND ${filter}
        AND ${at} >= ${start(range)} AND ${at} < ${end(range)}
      GROUP BY 1`.execute(this.db);
    return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
  }

  /** The tenant's rows of one table that pass `filter`. */
  private async count(table: string, tenantId: string, filter: RawBuilder<unknown>): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}
      WHERE tenant_id = ${tenantId} AND ${filter}`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  users(tenantId: string): Promise<number> {
    return this.count('yuan_user', tenantId, sql`is_deleted = 0`);
  }

  usersCreated(tenantId: string, range: DayRange): Promise<DayCounts> {
    return this.perDay('yuan_user', 'create_time', tenantId, range, sql`is_deleted = 0`);
  }

  /** Sign-ins of the login log (a token refresh is not one). */
  signIns(tenantId: string, range: DayRange): Promise<DayCounts> {
    return this.perDay('yuan_log_usual', 'create_time', tenantId, range, sql`log_id = 'login'`);
  }

  apiCalls(tenantId: string, range: DayRange): Promise<DayCounts> {
    return this.perDay('yuan_log_api', 'create_time', tenantId, range);
  }

  errors(tenantId: string, range: DayRange): Promise<DayCounts> {
    return this.perDay('yuan_log_error', 'create_time', tenantId, range);
  }

  async storage(tenantId: string): Promise<{ files: number; bytes: number }> {
    const { rows } = await sql<{ files: string; bytes: string }>`
      SELECT count(*)::text AS files, coalesce(sum(attach_size), 0)::text AS bytes FROM yuan_attach
      WHERE tenant_id = ${tenantId} AND is_deleted = 0`.execute(this.db);
    return { files: Number(rows[0]?.files ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
  }

  notices(tenantId: string): Promise<number> {
    return this.count('yuan_notice', tenantId, sql`is_deleted = 0`);
  }

  runningFlows(tenantId: string): Promise<number> {
    return this.count('yuan_flow_instance', tenantId, sql`state = 'running'`);
  }

  /** Live entities, and the newest `limit` of those whose table exists (synced at least once). */
  async entities(tenantId: string, limit: number) {
    // The window counts run before LIMIT: every live entity is counted, only the newest tables are listed.
    const { rows } = await sql<EntityTable & { hasTable: boolean; total: string; synced: string }>`
      SELECT id::text AS id, ent_no AS "entNo", ent_name AS "entName", has_table AS "hasTable",
        count(*) OVER ()::text AS total, count(*) FILTER (WHERE has_table) OVER ()::text AS synced
      FROM (SELECT id, ent_no, ent_name, to_regclass('yuan_ent_' || id::text) IS NOT NULL AS has_table
        FROM yuan_dt_entity WHERE tenant_id = ${tenantId} AND is_deleted = 0) e
      ORDER BY has_table DESC, id DESC LIMIT ${limit}`.execute(this.db);
    return {
      total: Number(rows[0]?.total ?? 0),
      synced: Number(rows[0]?.synced ?? 0),
      tables: rows
        .filter((r) => r.hasTable)
        .map((r): EntityTable => ({ id: r.id, entNo: r.entNo, entName: r.entName })),
    };
  }

  /**
   * The tenant's live rows of each entity table, in one statement. Table names are built from entity ids read from
   * the database (and checked to be digits), never from the request.
   */
  async entityRows(tenantId: string, ids: string[]): Promise<Map<string, number>> {
    const counted = ids.filter((id) => ENTITY_ID.test(id));
    if (counted.length === 0) {
      return new Map();
    }
    const parts = counted.map(
      (id) => sql`SELECT ${id}::text AS id, count(*)::text AS n FROM ${sql.table(entityTable(id))}
        WHERE tenant_id = ${tenantId} AND is_deleted = 0`,
    );
    const { rows } = await sql<{ id: string; n: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(
      this.db,
    );
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  wallets(tenantId: string): Promise<number> {
    return this.count('yuan_wallet', tenantId, sql`is_deleted = 0`);
  }

  /**
   * Indexed YBI transfers (mints included) from or to the tenant's wallets per day, with their amount in the
   * token's smallest unit; a transfer between two of its wallets counts once. The range of days becomes a range of
   * blocks of each indexed chain first (block times never go back), so the events are read by address and block
   * from their indexes.
   */
  async transfers(tenantId: string, range: DayRange): Promise<{ day: string; n: number; amount: string }[]> {
    const { rows } = await sql<{ day: string; n: string; amount: string }>`
      WITH mine AS (
        SELECT DISTINCT lower(address) AS a FROM yuan_wallet WHERE tenant_id = ${tenantId} AND is_deleted = 0
      ),
      span AS (
        SELECT c.chain_id, lo.number AS lo, hi.number AS hi FROM yuan_chain_cursor c
        CROSS JOIN LATERAL (SELECT b.number FROM yuan_chain_block b WHERE b.chain_id = c.chain_id
          AND b.time >= ${start(range)} ORDER BY b.time, b.number LIMIT 1) lo
        CROSS JOIN LATERAL (SELECT b.number FROM yuan_chain_block b WHERE b.chain_id = c.chain_id
          AND b.time < ${end(range)} ORDER BY b.time DESC, b.number DESC LIMIT 1) hi
      ),
      moved AS (
        SELECT e.chain_id, e.tx_hash, e.log_index, e.block_number, e.amount FROM span s CROSS JOIN mine m
          JOIN yuan_chain_event e ON e.chain_id = s.chain_id AND e.from_address = m.a
            AND e.block_number BETWEEN s.lo AND s.hi
          WHERE e.kind = 'transfer'
        UNION
        SELECT e.chain_id, e.tx_hash, e.log_index, e.block_number, e.amount FROM span s CROSS JOIN mine m
          JOIN yuan_chain_event e ON e.chain_id = s.chain_id AND e.to_address = m.a
            AND e.block_number BETWEEN s.lo AND s.hi
          WHERE e.kind = 'transfer'
      )
      SELECT to_char(b.time, 'YYYY-MM-DD') AS day, count(*)::text AS n, sum(x.amount)::text AS amount
      FROM moved x JOIN yuan_chain_block b ON b.chain_id = x.chain_id AND b.number = x.block_number
      GROUP BY 1`.execute(this.db);
    return rows.map((r) => ({ day: r.day, n: Number(r.n), amount: r.amount }));
  }
}
