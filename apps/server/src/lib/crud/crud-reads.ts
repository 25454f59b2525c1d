import type { PageQuery, Resource } from '@yuan/contract';
import { type Kysely, sql } from 'kysely';
import { ANSWER_TYPES } from '../../db/answer-types.ts';
import { type DynamicDB, dynamicTables } from '../../db/dynamic.ts';
import type { Kdb } from '../../db/index.ts';
import { Reusable, ReusableShapes } from '../../db/reusable.ts';
import {
  columnOf,
  isUnfiltered,
  type Query,
  type Row,
  type RowScope,
  type SearchTerm,
  searchTerms,
  selectReadable,
  withinScope,
  withSearch,
} from './crud-query.ts';
import type { PageMarks } from './list-cache.ts';

/** Below this many skipped rows a page is read whole; above it, its keys first (a deferred join). */
const NEAR = 100;

/**
 * Up to this many matching rows (or when their number is not known yet), a contains-search's page is read as its
 * matches first, then ordered (decision 0058). The planner guesses how many rows `ILIKE '%…%'` lets through from the
 * ~100 values of the column's histogram: when one of them happens to match, it takes 1 % of the table and walks the
 * order's index to pick the page's rows as they come, which reads every row when only a few match (70 ms instead of
 * 1 ms on 100,000 rows). Read first, the matches come through the trigram index in proportion to their number, as the
 * list's count already reads them. Past this many, matches are dense enough for the walk to find a page at once.
 */
export const FENCE_MAX = 5_000;

/** What a search binds, in the order `searched` takes its stand-ins: the tenant, then each term's values. */
const boundValues = (tenantId: string, terms: SearchTerm[]): unknown[] => [
  tenantId,
  ...terms.flatMap((t) => t.values),
];

/** Reads of the generic resource: one tenant's live rows of one table, as far as a data scope lets them be seen. */
export class CrudReads {
  protected readonly db: Kysely<DynamicDB>;
  /** The hot reads, compiled once per repo (a data-scoped repo is made per call and compiles its own). */
  private readonly byId: Reusable<Row>;
  private readonly firstPage: Reusable<Row>;
  /** The prefix of this repo's named statements; none for a data-scoped repo (made per call). */
  protected readonly named: string | undefined;
  /**
   * Filtered pages and counts, compiled once per shape (which conditions, which order). A page and a row by id go
   * to the answer as they are read, so their dates come as the answer's text (`ANSWER_TYPES`).
   */
  private readonly searchedPages = new ReusableShapes<Row>({ types: ANSWER_TYPES });
  private readonly searchedCounts = new ReusableShapes<{ n: string }>();

  /**
   * `prepared`: the hot reads may be named prepared statements, parsed and planned once per connection. `true` for a
   * table that keeps its shape while the server runs (system tables); for a tenant's entity table, whose shape
   * changes with each sync, the names' prefix, which must name the synced version (a cached plan must not change
   * its result type).
   */
  constructor(
    protected readonly typed: Kdb,
    protected readonly res: Resource,
    protected readonly rows: RowScope = null,
    prepared: boolean | string = false,
  ) {
    this.db = dynamicTables(typed);
    const prefix = prepared === true ? `crud_${res.name}` : prepared || undefined;
    const name = rows === null ? prefix : undefined;
    this.named = name;
    this.byId = new Reusable<Row>((value) => this.selectAll(this.live(value(0)).where('id', '=', value(1))), {
      statement: name && `${name}_by_id`,
      types: ANSWER_TYPES,
    });
    this.firstPage = new Reusable<Row>(
      (value) =>
        this.selectAll(this.live(value(0)))
          .orderBy('id', 'desc')
          .limit(sql<number>`${value(1)}::int`),
      { statement: name && `${name}_first_page`, types: ANSWER_TYPES },
    );
  }

  protected col(field: string): string {
    return columnOf(this.res, field);
  }

  protected live(tenantId: string): Query {
    const table = this.db.selectFrom(this.res.table);
    let q = (this.res.noAudit ? table : table.where('is_deleted', '=', 0)) as unknown as Query;
    if (this.res.tenantScoped) {
      q = q.where('tenant_id', '=', tenantId);
    }
    return withinScope(q, this.res, this.rows);
  }

  private filtered(tenantId: string, search: Record<string, unknown>): Query {
    return withSearch(this.live(tenantId), this.res, search);
  }

  private selectAll(q: Query): Query {
    return selectReadable(this.res, q);
  }

  /** The tenant's live rows that a search's terms let through, their values stand-ins from `value(1)` on. */
  private searched(terms: SearchTerm[], value: (i: number) => string): Query {
    let at = 1;
    const next = () => value(at++);
    return terms.reduce((q, t) => t.apply(q, t.values.map(next)), this.live(value(0)));
  }

  async count(tenantId: string, search: Record<string, unknown>): Promise<number> {
    const terms = searchTerms(this.res, search);
    const shape = terms.map((t) => t.key).join(',');
    const counted = this.searchedCounts.of(shape, (value) =>
      this.searched(terms, value).select(sql<string>`count(*)`.as('n')),
    );
    const row = await counted.first(this.db, boundValues(tenantId, terms));
    return Number(row?.n);
  }

  /**
   * A filtered page in a chosen order (fields checked by the resource's search schema, the id breaking ties) or
   * newest first: the statement is built once per shape, a call binds its tenant, its values and the page.
   */
  private searchedPage(
    tenantId: string,
    search: Record<string, unknown> & PageQuery,
    sort: string[],
    offset: number,
    matches?: number,
  ): Promise<Row[]> {
    const terms = searchTerms(this.res, search);
    const fields = sort.map((key) => (key.startsWith('-') ? key.slice(1) : key));
    const fenced =
      terms.some((t) => t.contains) &&
      !(matches !== undefined && matches > FENCE_MAX) &&
      fields.every((field) => Object.hasOwn(this.res.readable, field));
    const shape = `${terms.map((t) => t.key).join(',')}|${sort.join(',')}${fenced ? '|fenced' : ''}`;
    const bound = boundValues(tenantId, terms);
    const paged = this.searchedPages.of(shape, (value) => {
      const matching = this.selectAll(this.searched(terms, value));
      // `OFFSET 0` keeps the order and the limit out of the matches' own plan: the rows are read by the search's
      // conditions alone, then ordered by the fields they are read under.
      let q = fenced ? this.db.selectFrom(matching.offset(0).as('m')).selectAll() : matching;
      for (const [i, key] of sort.entries()) {
        const field = fields[i] as string;
        q = q.orderBy(sql.ref(fenced ? field : this.col(field)), key.startsWith('-') ? 'desc' : 'asc');
      }
      // The page's size and offset follow the search's values.
      return q
        .orderBy('id', 'desc')
        .limit(sql<number>`${value(bound.length)}::int`)
        .offset(sql<number>`${value(bound.length + 1)}::int`);
    });
    return paged.rows(this.db, [...bound, String(search.size), String(offset)]);
  }

  /**
   * Newest first. Deep pages walk only the (tenant_id, id) index for the skipped rows, then fetch the page's rows
   * by key (a deferred join), so page 1000 does not read 10,000 whole rows; with `marks`, the walk starts at the
   * nearest position already read (an index seek when that page was read before). `matches`: how many rows the
   * search lets through, when a count of it is at hand (FENCE_MAX).
   */
  async page(
    tenantId: string,
    search: Record<string, unknown> & PageQuery,
    marks?: PageMarks,
    matches?: number,
  ): Promise<Row[]> {
    const offset = (search.current - 1) * search.size;
    const sort = typeof search.sort === 'string' && search.sort !== '' ? search.sort.split(',') : [];
    if (sort.length > 0) {
      return this.searchedPage(tenantId, search, sort, offset, matches);
    }
    if (this.res.orderBy) {
      // Small, ordered tables (trees, dictionaries): a plain offset is fine.
      let q = this.selectAll(this.filtered(tenantId, search));
      for (const field of this.res.orderBy) {
        q = q.orderBy(this.col(field));
      }
      return q.orderBy('id').limit(search.size).offset(offset).execute();
    }
    const rows = await this.newestPage(tenantId, search, offset, marks?.nearest(offset), matches);
    marks?.remember(offset, rows);
    return rows;
  }

  private async newestPage(
    tenantId: string,
    search: Record<string, unknown> & PageQuery,
    offset: number,
    from: { position: number; id: string } | undefined,
    matches: number | undefined,
  ): Promise<Row[]> {
    if (offset === 0) {
      return isUnfiltered(this.res, search)
        ? this.firstPage.rows(this.db, [tenantId, String(search.size)])
        : this.searchedPage(tenantId, search, [], 0, matches);
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

  findById(tenantId: string, id: string): Promise<Row | undefined> {
    return this.byId.first(this.db, [tenantId, id]);
  }
}
