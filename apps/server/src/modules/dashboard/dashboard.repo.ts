import { entityTable } from '@yuan/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import type { DB } from '../../db/schema.ts';

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

type PerDayQuery = SelectQueryBuilder<
  DB,
  'yuan_user' | 'yuan_log_usual' | 'yuan_log_api' | 'yuan_log_error',
  { day: string; n: string }
>;

/**
 * The range's first and last instant as timestamptz in the session's zone. Compared as timestamptz with
 * timestamptz, the bounds can be index conditions under row-level security (that comparison is leakproof; a
 * timestamptz-with-date comparison is not, and would be checked row by row after the tenant's rows are read).
 */
const start = (range: DayRange) => sql<Date>`${range.from}::date::timestamptz`;
const end = (range: DayRange) => sql<Date>`(${range.to}::date + 1)::timestamptz`;

/**
 * The dashboard's SQL: one query per figure, each on an index led by the tenant (migration 0029). A date without a
 * zone means the session's zone, which every scope of a tenant has set to the tenant's (TimeZoneService), so the
 * days here are the tenant's days.
 */
export class DashboardRepo {
  constructor(private readonly db: Kdb) {}

  /** Rows per day of create_time in the range, from one table of the tenant (`live` keeps only live rows). */
  private async perDay(
    table: 'yuan_user' | 'yuan_log_usual' | 'yuan_log_api' | 'yuan_log_error',
    tenantId: string,
    range: DayRange,
    narrow: (q: PerDayQuery) => PerDayQuery = (q) => q,
  ): Promise<DayCounts> {
    const q = this.db
      .selectFrom(table)
      .select((eb) => [
        eb.fn<string>('to_char', ['create_time', sql.lit('YYYY-MM-DD')]).as('day'),
        eb.fn.countAll<string>().as('n'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('create_time', '>=', start(range))
      .where('create_time', '<', end(range))
      .groupBy(sql`1`);
    const rows = await narrow(q).execute();
    return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
  }

  /** The tenant's live rows of one table. */
  private async live(table: 'yuan_user' | 'yuan_notice' | 'yuan_wallet', tenantId: string): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  users(tenantId: string): Promise<number> {
    return this.live('yuan_user', tenantId);
  }

  usersCreated(tenantId: string, range: DayRange): Promise<DayCounts> {
    return this.perDay('yuan_user', tenantId, range, (q) => q.where('is_deleted', '=', 0));
  }

  /** Sign-ins of the login log (a token refresh is not one). */
  signIns(tenantId: string, range: DayRange): Promise<DayCounts> {
    return this.perDay('yuan_log_usual', tenantId, range, (q) => q.where('log_id', '=', 'login'));
  }

  apiCalls(tenantId: string, range: DayRange): Promise<DayCounts> {
    return this.perDay('yuan_log_api', tenantId, range);
  }

  errors(tenantId: string, range: DayRange): Promise<DayCounts> {
    return this.perDay('yuan_log_error', tenantId, range);
  }

  async storage(tenantId: string): Promise<{ files: number; bytes: number }> {
    const row = await this.db
      .selectFrom('yuan_attach')
      .select((eb) => [
        eb.fn.countAll<string>().as('files'),
        eb.fn.coalesce(eb.fn.sum<string>('attach_size'), sql.lit(0)).as('bytes'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  notices(tenantId: string): Promise<number> {
    return this.live('yuan_notice', tenantId);
  }

  async runningFlows(tenantId: string): Promise<number> {
    const row = await this.db
      .selectFrom('yuan_flow_instance')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Live entities, and the newest `limit` of those whose table exists (synced at least once). */
  async entities(tenantId: string, limit: number) {
    // The window counts run before LIMIT: every live entity is counted, only the newest tables are listed.
    const rows = await this.db
      .selectFrom((db) =>
        db
          .selectFrom('yuan_dt_entity')
          .select([
            'id',
            'ent_no',
            'ent_name',
            sql<boolean>`to_regclass('yuan_ent_' || id::text) IS NOT NULL`.as('has_table'),
          ])
          .where('tenant_id', '=', tenantId)
          .where('is_deleted', '=', 0)
          .as('e'),
      )
      .select((eb) => [
        'id',
        'ent_no as entNo',
        'ent_name as entName',
        'has_table as hasTable',
        eb.fn.countAll<string>().over().as('total'),
        eb.fn.countAll<string>().filterWhere('has_table', '=', true).over().as('synced'),
      ])
      .orderBy('has_table', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
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
    // Raw: the tenants' entity tables are created at run time, one table per entity, counted in one UNION.
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
    return this.live('yuan_wallet', tenantId);
  }

  /**
   * Indexed YBI transfers (mints included) from or to the tenant's wallets per day, with their amount in the
   * token's smallest unit; a transfer between two of its wallets counts once. The range of days becomes a range of
   * blocks of each indexed chain first (block times never go back), so the events are read by address and block
   * from their indexes.
   */
  async transfers(tenantId: string, range: DayRange): Promise<{ day: string; n: number; amount: string }[]> {
    // Raw: CTEs with LATERAL block lookups per chain and a UNION of two index paths, clearer as SQL.
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
