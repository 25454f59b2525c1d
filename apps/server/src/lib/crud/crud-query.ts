import { RANGE_KINDS, type Resource } from '@yuan/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DynamicDB, DynamicRow } from '../../db/dynamic.ts';
import { containing, searchParts } from '../like.ts';

/** Generic tables have no compile-time shape; identifiers come only from the resource's allow-list. */
export type Query = SelectQueryBuilder<DynamicDB, string, DynamicRow>;

export type Row = DynamicRow;

/** One data-scope rule: rows whose column equals a value, is one of some values, or is a department in a subtree. */
export type RowRule =
  | { column: string; op: 'eq'; value: string }
  | { column: string; op: 'in'; values: string[] }
  | { column: string; op: 'deptTree'; deptId: string }
  | { op: 'none' };
/** Rows a caller may touch: any of the rules (OR); null means no limit. */
export type RowScope = RowRule[] | null;

export function columnOf(res: Resource, field: string): string {
  const column = res.columns[field];
  if (!column) {
    throw new Error(`${res.name}: no column for field ${field}`);
  }
  return column;
}

function ruleSql(res: Resource, r: RowRule) {
  if (r.op === 'none' || !Object.values(res.columns).includes(r.column)) {
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

/** The rows of `q` a data scope allows: those any of its rules lets through. */
export function withinScope(q: Query, res: Resource, rows: RowScope): Query {
  if (!rows || rows.length === 0) {
    return q;
  }
  const rules = rows.map((r) => ruleSql(res, r));
  return q.where(sql<boolean>`(${sql.join(rules, sql` OR `)})`);
}

/**
 * One condition of a list search. `key` names its shape (which field, which comparison, how many values), `values`
 * are what it binds: `apply` puts the condition on a query with any values, so a compiled search can take stand-ins.
 */
export interface SearchTerm {
  key: string;
  values: unknown[];
  apply(q: Query, values: unknown[]): Query;
  /** A contains-search (`ILIKE '%…%'`), whose share of the rows the planner can only guess. */
  contains?: true;
}

const compare =
  (column: string, op: '=' | '>=' | '<=') =>
  (q: Query, [value]: unknown[]): Query =>
    q.where(column, op, value as string);

/**
 * A contains-search: the whole text, and its parts for a trigram index when it has some (`searchParts`). The whole
 * text is then checked on an expression no index serves, so the index is asked for the parts alone.
 */
function contains(col: ReturnType<typeof sql.ref>, name: string, text: string): SearchTerm {
  const parts = searchParts(text);
  const apply = (q: Query, [whole, ...found]: unknown[]): Query =>
    found.length === 0
      ? q.where(sql<boolean>`${col} ILIKE ${whole}`)
      : found
          .reduce<Query>((out, part) => out.where(sql<boolean>`${col} ILIKE ${part}`), q)
          .where(sql<boolean>`(${col} || '') ILIKE ${whole}`);
  return { key: `${name}~${parts.length}`, values: [containing(text), ...parts], apply, contains: true };
}

/** The conditions a list search asks for, by the resource's searchable fields and the creation time. */
export function searchTerms(res: Resource, search: Record<string, unknown>): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const [name, f] of Object.entries(res.fields)) {
    if (f.search && RANGE_KINDS.has(f.kind)) {
      for (const [suffix, op] of [
        ['_gt', '>='],
        ['_lt', '<='],
      ] as const) {
        const bound = search[`${name}${suffix}`];
        if (typeof bound === 'string' && bound !== '') {
          terms.push({ key: `${name}${op}`, values: [bound], apply: compare(columnOf(res, name), op) });
        }
      }
    }
    const value = search[name];
    if (!f.search || typeof value !== 'string' || value === '') {
      continue;
    }
    const col = sql.ref(columnOf(res, name));
    if (f.search === 'like') {
      terms.push(contains(col, name, value));
    } else if (f.kind === 'ids') {
      // A comma-joined id list matches when it holds the id (a user of several departments).
      const apply = (q: Query, [v]: unknown[]) =>
        q.where(sql<boolean>`${v} = ANY (string_to_array(${col}, ','))`);
      terms.push({ key: `${name}@`, values: [value], apply });
    } else {
      terms.push({ key: `${name}=`, values: [value], apply: compare(columnOf(res, name), '=') });
    }
  }
  for (const [key, op] of [
    ['createTime_dategt', '>='],
    ['createTime_datelt', '<='],
  ] as const) {
    if (typeof search[key] === 'string') {
      terms.push({ key: `createTime${op}`, values: [search[key]], apply: compare('create_time', op) });
    }
  }
  return terms;
}

/** The rows of `q` a list search asks for. */
export function withSearch(q: Query, res: Resource, search: Record<string, unknown>): Query {
  return searchTerms(res, search).reduce((out, term) => term.apply(out, term.values), q);
}

/** Whether a search sets none of the filters `withSearch` applies: the plain list, served by a prepared read. */
export function isUnfiltered(res: Resource, search: Record<string, unknown>): boolean {
  const set = (key: string) => typeof search[key] === 'string' && search[key] !== '';
  if (typeof search.createTime_dategt === 'string' || typeof search.createTime_datelt === 'string') {
    return false;
  }
  return Object.entries(res.fields).every(
    ([name, f]) => !f.search || !(set(name) || set(`${name}_gt`) || set(`${name}_lt`)),
  );
}

/** Every readable field of the resource, under its field name. */
export function selectReadable(res: Resource, q: Query): Query {
  return q.select(Object.entries(res.readable).map(([field, column]) => sql.ref(column).as(field)));
}
