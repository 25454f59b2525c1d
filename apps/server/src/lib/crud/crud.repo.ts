import { type FieldKind, type PageQuery, RANGE_KINDS, type Resource } from '@yuan/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { type DynamicDB, type DynamicRow, dynamicTables } from '../../db/dynamic.ts';
import type { Kdb } from '../../db/index.ts';
import { Reusable } from '../../db/reusable.ts';
import type { PageMarks } from './list-cache.ts';

/** Generic tables have no compile-time shape; identifiers come only from the resource's allow-list. */
type Query = SelectQueryBuilder<DynamicDB, string, DynamicRow>;

export type Row = DynamicRow;

/** One data-scope rule: rows whose column equals a value, is one of some values, or is a department in a subtree. */
export type RowRule =
  | { column: string; op: 'eq'; value: string }
  | { column: string; op: 'in'; values: string[] }
  | { column: string; op: 'deptTree'; deptId: string }
  | { op: 'none' };
/** Rows a caller may touch: any of the rules (OR); null means no limit. */
export type RowScope = RowRule[] | null;

/** The SQL type values of each kind are compared as and cast to (others: text). */
const SQL_TYPES: Partial<Record<FieldKind, string>> = {
  int: 'int',
  decimal: 'numeric',
  bool: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  id: 'bigint',
};

/** The SQL types of the columns every table has besides its fields. */
const STANDARD_TYPES: Record<string, string> = {
  id: 'bigint',
  tenant_id: 'text',
  create_user: 'bigint',
  create_dept: 'bigint',
  update_user: 'bigint',
  create_time: 'timestamptz',
  update_time: 'timestamptz',
  status: 'int',
};

/** Below this many skipped rows a page is read whole; above it, its keys first (a deferred join). */
const NEAR = 100;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL of the generic resource: one tenant's live rows of one table. */
export class CrudRepo {
  private readonly db: Kysely<DynamicDB>;
  /** The hot reads, compiled once per repo (a data-scoped repo is made per call and compiles its own). */
  private readonly byId: Reusable<Row>;
  private readonly firstPage: Reusable<Row>;

  /**
   * `prepared`: the resource's table keeps its shape while the server runs (system tables, not the tenants' entity
   * tables), so its hot reads may be named prepared statements, parsed and planned once per connection.
   */
  constructor(
    private readonly typed: Kdb,
    private readonly res: Resource,
    private readonly rows: RowScope = null,
    prepared = false,
  ) {
    this.db = dynamicTables(typed);
    const name = prepared && rows === null ? `crud_${res.name}` : undefined;
    this.byId = new Reusable<Row>(
      (value) => this.selectAll(this.live(value(0)).where('id', '=', value(1))),
      name && `${name}_by_id`,
    );
    this.firstPage = new Reusable<Row>(
      (value) =>
        this.selectAll(this.live(value(0)))
          .orderBy('id', 'desc')
          .limit(sql<number>`${value(1)}::int`),
      name && `${name}_first_page`,
    );
  }

  /** The same repo, limited to the rows a data scope allows (reads, and the existence checks before writes). */
  limitedTo(rows: RowScope): CrudRepo {
    return rows ? new CrudRepo(this.typed, this.res, rows) : this;
  }

  private rule(r: RowRule) {
    if (r.op === 'none' || !Object.values(this.res.columns).includes(r.column)) {
      return sql<boolean>`false`;
    }
    const col = sql.ref(r.column);
    if (r.op === 'eq') {
      return sql<boolean>`${col}::text = ${r.value}`;
    }
    if (r.op === 'in') {
      return r.values.length === 0
        ? sql<boolean>`false`
        : sql<boolean>`${col}::text = ANY (${sql.val(r.values)}::text[])`;
    }
    return sql<boolean>`${col}::text IN (SELECT d.id::text FROM yuan_dept d WHERE d.is_deleted = 0
      AND (d.id::text = ${r.deptId} OR (',' || d.ancestors || ',') LIKE ${`%,${r.deptId},%`}))`;
  }

  private col(field: string): string {
    const column = this.res.columns[field];
    if (!column) {
      throw new Error(`${this.res.name}: no column for field ${field}`);
    }
    return column;
  }

  private live(tenantId: string): Query {
    const table = this.db.selectFrom(this.res.table);
    let q = (this.res.noAudit ? table : table.where('is_deleted', '=', 0)) as unknown as Query;
    if (this.res.tenantScoped) {
      q = q.where('tenant_id', '=', tenantId);
    }
    if (this.rows && this.rows.length > 0) {
      const rules = this.rows.map((r) => this.rule(r));
      q = q.where(sql<boolean>`(${sql.join(rules, sql` OR `)})`);
    }
    return q;
  }

  private filtered(tenantId: string, search: Record<string, unknown>): Query {
    let q = this.live(tenantId);
    for (const [name, f] of Object.entries(this.res.fields)) {
      if (f.search && RANGE_KINDS.has(f.kind)) {
        for (const [suffix, op] of [
          ['_gt', '>='],
          ['_lt', '<='],
        ] as const) {
          const bound = search[`${name}${suffix}`];
          if (typeof bound === 'string' && bound !== '') {
            q = q.where(this.col(name), op, bound);
          }
        }
      }
      const value = search[name];
      if (!f.search || typeof value !== 'string' || value === '') {
        continue;
      }
      if (f.search === 'like') {
        q = q.where(sql<boolean>`${sql.ref(this.col(name))} ILIKE ${likeText(value)}`);
      } else if (f.kind === 'ids') {
        // A comma-joined id list matches when it holds the id (a user of several departments).
        q = q.where(sql<boolean>`${value} = ANY (string_to_array(${sql.ref(this.col(name))}, ','))`);
      } else {
        q = q.where(this.col(name), '=', value);
      }
    }
    if (typeof search.createTime_dategt === 'string') {
      q = q.where('create_time', '>=', search.createTime_dategt);
    }
    if (typeof search.createTime_datelt === 'string') {
      q = q.where('create_time', '<=', search.createTime_datelt);
    }
    return q;
  }

  /** Whether a search sets none of the filters `filtered` applies: the plain list, served by `firstPage`. */
  private unfiltered(search: Record<string, unknown>): boolean {
    const set = (key: string) => typeof search[key] === 'string' && search[key] !== '';
    if (typeof search.createTime_dategt === 'string' || typeof search.createTime_datelt === 'string') {
      return false;
    }
    return Object.entries(this.res.fields).every(
      ([name, f]) => !f.search || !(set(name) || set(`${name}_gt`) || set(`${name}_lt`)),
    );
  }

  private selectAll(q: Query): Query {
    return q.select(Object.entries(this.res.readable).map(([field, column]) => sql.ref(column).as(field)));
  }

  count(tenantId: string, search: Record<string, unknown>): Promise<number> {
    return this.filtered(tenantId, search)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  /**
   * Newest first. Deep pages walk only the (tenant_id, id) index for the skipped rows, then fetch the page's rows
   * by key (a deferred join), so page 1000 does not read 10,000 whole rows; with `marks`, the walk starts at the
   * nearest position already read (an index seek when that page was read before).
   */
  async page(
    tenantId: string,
    search: Record<string, unknown> & PageQuery,
    marks?: PageMarks,
  ): Promise<Row[]> {
    const offset = (search.current - 1) * search.size;
    const sort = typeof search.sort === 'string' && search.sort !== '' ? search.sort.split(',') : [];
    if (sort.length > 0) {
      // A chosen order (fields checked by the resource's search schema): a plain offset, the id breaking ties.
      let q = this.selectAll(this.filtered(tenantId, search));
      for (const key of sort) {
        const desc = key.startsWith('-');
        q = q.orderBy(sql.ref(this.col(desc ? key.slice(1) : key)), desc ? 'desc' : 'asc');
      }
      return q.orderBy('id', 'desc').limit(search.size).offset(offset).execute();
    }
    if (this.res.orderBy) {
      // Small, ordered tables (trees, dictionaries): a plain offset is fine.
      let q = this.selectAll(this.filtered(tenantId, search));
      for (const field of this.res.orderBy) {
        q = q.orderBy(this.col(field));
      }
      return q.orderBy('id').limit(search.size).offset(offset).execute();
    }
    const rows = await this.newestPage(tenantId, search, offset, marks?.nearest(offset));
    marks?.remember(offset, rows);
    return rows;
  }

  private async newestPage(
    tenantId: string,
    search: Record<string, unknown> & PageQuery,
    offset: number,
    from: { position: number; id: string } | undefined,
  ): Promise<Row[]> {
    if (offset === 0) {
      return this.unfiltered(search)
        ? this.firstPage.rows(this.db, [tenantId, String(search.size)])
        : this.selectAll(this.filtered(tenantId, search)).orderBy('id', 'desc').limit(search.size).execute();
    }
    // Rows at the mark's position and after it are those with its id and below (ids are unique, newest first).
    const below = from
      ? this.filtered(tenantId, search).where('id', '<=', from.id)
      : this.filtered(tenantId, search);
    const skip = from ? offset - from.position : offset;
    if (skip < NEAR) {
      return this.selectAll(below).orderBy('id', 'desc').limit(search.size).offset(skip).execute();
    }
    const keys = below.select('id').orderBy('id', 'desc').limit(search.size).offset(skip);
    const ids = (await keys.execute()).map((r) => r.id as string);
    if (ids.length === 0) {
      return [];
    }
    return this.selectAll(this.live(tenantId).where('id', 'in', ids))
      .orderBy('id', 'desc')
      .execute();
  }

  /** The next `size` filtered rows below `afterId`, newest first: a whole list read by key, never by offset. */
  after(tenantId: string, search: Record<string, unknown>, afterId: string | undefined, size: number) {
    const q = this.filtered(tenantId, search);
    return this.selectAll(afterId ? q.where('id', '<', afterId) : q)
      .orderBy('id', 'desc')
      .limit(size)
      .execute();
  }

  /** Children of one node, in list order, each with `hasChildren`. */
  children(tenantId: string, parentId: string, parentField?: string): Promise<Row[]> {
    const t = this.res.table;
    // Trees of system tables hang on parent_id ('0' = root); an entity's on the field its definition names.
    const column = parentField ? this.col(parentField) : 'parent_id';
    const col = sql.ref(column);
    let under = sql<boolean>`${col} = ${parentId}`;
    let link = sql<boolean>`c.parent_id = ${sql.ref(`${t}.id`)}`;
    if (parentField) {
      // An entity's parent field may be of any type: compared as text; its roots have no parent, '' or '0'.
      under =
        parentId === '0'
          ? sql<boolean>`(${col} IS NULL OR ${col}::text IN ('', '0'))`
          : sql<boolean>`${col}::text = ${parentId}`;
      link = sql<boolean>`${sql.ref(`c.${column}`)}::text = ${sql.ref(`${t}.id`)}::text`;
    }
    let q = this.selectAll(this.live(tenantId).where(under)).select(
      sql<boolean>`EXISTS (SELECT 1 FROM ${sql.table(t)} c WHERE ${link} AND c.is_deleted = 0)`.as(
        'hasChildren',
      ),
    );
    for (const field of this.res.orderBy ?? []) {
      q = q.orderBy(this.col(field));
    }
    return q.orderBy('id').limit(5_000).execute();
  }

  /** Up to `limit` live rows as id and one field's value: the options of a picker. */
  pairs(tenantId: string, field: string, limit: number): Promise<{ key: string; value: unknown }[]> {
    return this.live(tenantId)
      .select([sql.ref('id').as('key'), sql.ref(this.col(field)).as('value')])
      .orderBy('id')
      .limit(limit)
      .execute() as Promise<{ key: string; value: unknown }[]>;
  }

  /** Every live node (id, parentId, label), in list order: the whole tree of a tenant. */
  treeRows(tenantId: string, label: string, code?: string): Promise<Row[]> {
    let q = (code ? this.live(tenantId).where(this.col('code'), '=', code) : this.live(tenantId)).select([
      'id',
      sql.ref('parent_id').as('parentId'),
      sql.ref(this.col(label)).as('title'),
    ]);
    for (const field of this.res.orderBy ?? []) {
      q = q.orderBy(this.col(field));
    }
    return q.orderBy('id').limit(50_000).execute();
  }

  /** Which of `ids` are live rows (ids that are not numbers are none). */
  async liveIds(tenantId: string, ids: string[]): Promise<Set<string>> {
    const numeric = ids.filter((id) => /^\d{1,19}$/.test(id));
    if (numeric.length === 0) {
      return new Set();
    }
    const rows = await this.live(tenantId)
      .where(sql<boolean>`id = ANY (${sql.val(numeric)}::bigint[])`)
      .select(sql<string>`id::text`.as('id'))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async countLive(tenantId: string, ids: string[]): Promise<number> {
    const r = await this.live(tenantId)
      .where('id', 'in', ids)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Live rows under any of `ids` that are not among them (an entity names its parent field, compared as text). */
  async childCount(tenantId: string, ids: string[], parentField?: string): Promise<number> {
    const under = parentField
      ? sql<boolean>`${sql.ref(this.col(parentField))}::text IN (${sql.join(ids)})`
      : sql<boolean>`parent_id IN (${sql.join(ids)})`;
    const r = await this.live(tenantId)
      .where(under)
      .where('id', 'not in', ids)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** After a node moves, its descendants' ancestor lists follow. */
  async moveDescendants(tenantId: string, oldPath: string, newPath: string): Promise<void> {
    let q = this.db
      .updateTable(this.res.table)
      .set({ ancestors: sql`${newPath} || substr(ancestors, ${oldPath.length + 1})` })
      .where(sql<boolean>`(ancestors = ${oldPath} OR ancestors LIKE ${`${oldPath},%`})`);
    if (this.res.tenantScoped) {
      q = q.where('tenant_id', '=', tenantId);
    }
    await q.execute();
  }

  findById(tenantId: string, id: string): Promise<Row | undefined> {
    return this.byId.first(this.db, [tenantId, id]);
  }

  /** Whether another live row of the tenant already has this value. */
  async taken(tenantId: string, field: string, value: unknown, exceptId?: string): Promise<boolean> {
    let q = this.live(tenantId).where(this.col(field), '=', value).select('id');
    if (exceptId) {
      q = q.where('id', '!=', exceptId);
    }
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Whether a tenant exists and is not removed (read under that tenant's scope). */
  async tenantIsLive(tenantId: string): Promise<boolean> {
    const row = await this.typed
      .selectFrom('yuan_tenant')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  insert(values: Row): Promise<unknown> {
    return this.db.insertInto(this.res.table).values(this.toColumns(values)).execute();
  }

  /**
   * Many rows in one statement (imports); every row must name the same fields. Each column travels as one text
   * array (`unnest`), so the statement has a handful of parameters however many rows it carries.
   */
  async insertMany(rows: Row[]): Promise<void> {
    const first = rows[0];
    if (!first) {
      return;
    }
    const columns = rows.map((r) => this.toColumns(r));
    const names = Object.keys(columns[0] ?? {});
    const arrays = names.map((column) =>
      columns.map((c) => {
        const v = c[column];
        return v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);
      }),
    );
    const alias = names.map((_, i) => sql.raw(`c${i}`));
    const casts = names.map((column, i) => sql`${sql.raw(`u.c${i}`)}::${sql.raw(this.sqlType(column))}`);
    // Raw: INSERT … SELECT FROM unnest of typed arrays, one parameter per column, has no builder form.
    await sql`INSERT INTO ${sql.table(this.res.table)} (${sql.join(names.map((n) => sql.ref(n)))})
      SELECT ${sql.join(casts)} FROM unnest(${sql.join(arrays.map((a) => sql`${sql.val(a)}::text[]`))}) AS u(${sql.join(alias)})`.execute(
      this.db,
    );
  }

  /** The SQL type of a column (cast target of a bulk insert). */
  private sqlType(column: string): string {
    const standard = STANDARD_TYPES[column];
    if (standard) {
      return standard;
    }
    const kind = Object.values(this.res.fields).find((f) => f.column === column)?.kind ?? 'string';
    return kind === 'json' ? 'jsonb' : (SQL_TYPES[kind] ?? 'text');
  }

  /** Which of these values a live row of the tenant already holds in `field`. */
  async takenValues(tenantId: string, field: string, values: unknown[]): Promise<Set<string>> {
    if (values.length === 0) {
      return new Set();
    }
    const col = sql.ref(this.col(field));
    // Compared in the column's own type, so the unique index answers (a cast of the column would scan the table).
    const arrayType = `${SQL_TYPES[this.res.fields[field]?.kind ?? 'string'] ?? 'text'}[]`;
    const rows = await this.live(tenantId)
      .where(sql<boolean>`${col} = ANY (${sql.val(values.map(String))}::${sql.raw(arrayType)})`)
      .select(sql<string>`${col}::text`.as('v'))
      .execute();
    return new Set(rows.map((r) => String(r.v)));
  }

  async update(tenantId: string, id: string, values: Row): Promise<number> {
    let q = this.db
      .updateTable(this.res.table)
      .set(this.toColumns(values))
      .where('id', '=', id)
      .where('is_deleted', '=', 0);
    if (this.res.tenantScoped) {
      q = q.where('tenant_id', '=', tenantId);
    }
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Soft delete; returns how many of the ids were the tenant's live rows. */
  async remove(tenantId: string, ids: string[], userId: string): Promise<number> {
    let q = this.db
      .updateTable(this.res.table)
      .set({ is_deleted: 1, update_user: userId, update_time: new Date() })
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0);
    if (this.res.tenantScoped) {
      q = q.where('tenant_id', '=', tenantId);
    }
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Field values to column values. An empty optional text or id list is stored as '' (columns need not be
   * nullable), an empty optional integer is left out (keeping the column's value), anything else empty as NULL.
   */
  private toColumns(values: Row): Row {
    const out: Row = {};
    for (const [field, value] of Object.entries(values)) {
      if (value === undefined) {
        continue;
      }
      const kind = this.res.fields[field]?.kind;
      if (value === null || (value === '' && kind !== 'string' && kind !== 'text')) {
        if (kind === 'string' || kind === 'text' || kind === 'ids') {
          out[this.col(field)] = '';
        } else if (kind !== 'int') {
          out[this.col(field)] = null;
        }
        continue;
      }
      // jsonb takes JSON text: the driver would turn an array into a PostgreSQL array.
      out[this.col(field)] = kind === 'json' ? JSON.stringify(value) : value;
    }
    return out;
  }
}
