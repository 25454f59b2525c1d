import type { Resource, RevisionAction, RevisionChange } from '@yuan/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import type { AuthContext } from '../../types.ts';
import type { Row } from './crud-query.ts';

/** Who makes a change, as its revision records it. */
export interface Author {
  tenantId: string;
  userId: string;
  userName: string;
  requestId: string | undefined;
}

/** The author of a caller's changes, as their revisions record it. */
export const authorOf = (ctx: AuthContext): Author => ({
  tenantId: ctx.tenantId,
  userId: ctx.userId,
  userName: ctx.account,
  requestId: ctx.requestId,
});

/** An author's values in a statement: the values themselves, or stand-ins of a statement compiled once. */
export type AuthorValues = Record<keyof Author, unknown>;

/** An author's values in order, after a write's own (see `authorStandIns`). */
export const authorValues = (a: Author): unknown[] => [a.tenantId, a.userId, a.userName, a.requestId ?? null];

/** Stand-ins for an author's values, the `at`-th value and the three after it. */
export const authorStandIns = (value: (i: number) => string, at: number): AuthorValues => ({
  tenantId: value(at),
  userId: value(at + 1),
  userName: value(at + 2),
  requestId: value(at + 3),
});

/** The fields a write names whose changes a revision records: the resource's own fields, stored ones only. */
export function trackedFields(res: Resource, columns: Row): string[] {
  const written = new Set(Object.keys(columns));
  return Object.entries(res.fields)
    .filter(([, f]) => !f.formOnly && f.column !== undefined && written.has(f.column))
    .map(([name]) => name);
}

/** A column's value as the revision keeps it (`ref`: the column, qualified): exact (ids and decimals as text, JSON as itself). */
function keptValue(res: Resource, field: string, ref: string): RawBuilder<unknown> {
  const f = res.fields[field];
  const col = sql.ref(ref);
  if (f?.kind === 'json') {
    return sql`${col}::jsonb`;
  }
  return f?.kind === 'id' || f?.kind === 'decimal' ? sql`to_jsonb(${col}::text)` : sql`to_jsonb(${col})`;
}

/** Where a statement finds a column's value before the change: `b.<column>` (a locked read) or `w.__b_<column>`. */
export type BeforeRef = (column: string) => string;

/** A row's changes as a statement computes them, and whether any field changed at all. */
export interface ChangesSql {
  changes: RawBuilder<unknown>;
  changed: RawBuilder<unknown>;
}

/**
 * The changes of one row as a JSON array with one place per tracked field, in the resource's field order:
 * `{field, before, after}` where the value differs between the row before (`before`; a create has none, and its
 * changes are the fields it sets) and `w`, null where it does not (readers drop those: `changeList`). A secret field
 * is named without its values. Built as one array, not aggregated from rows: the aggregate cost a revised update
 * about a tenth of its speed (docs/benchmarks.md).
 */
export function changesSql(res: Resource, fields: string[], before: BeforeRef | null): ChangesSql {
  const conditions: RawBuilder<unknown>[] = [];
  const items = fields.map((field) => {
    const f = res.fields[field];
    const column = f?.column ?? field;
    const now = sql.ref(`w.${column}`);
    const changed = before
      ? sql`${sql.ref(before(column))} IS DISTINCT FROM ${now}`
      : sql`${now} IS NOT NULL`;
    conditions.push(changed);
    const name = sql`${field}::text`;
    const entry =
      f?.secret || f?.writeOnly
        ? sql`jsonb_build_object('field', ${name})`
        : sql`jsonb_build_object('field', ${name}, 'before', ${
            before ? keptValue(res, field, before(column)) : sql`NULL::jsonb`
          }, 'after', ${keptValue(res, field, `w.${column}`)})`;
    return sql`CASE WHEN ${changed} THEN ${entry} END`;
  });
  if (items.length === 0) {
    return { changes: sql`'[]'::jsonb`, changed: sql`false` };
  }
  return {
    changes: sql`jsonb_build_array(${sql.join(items)})`,
    changed: sql`(${sql.join(conditions, sql` OR `)})`,
  };
}

/** The changes a revision recorded, without the places of fields that did not change. */
export function changeList(changes: unknown): RevisionChange[] {
  return Array.isArray(changes)
    ? changes.filter((c): c is RevisionChange => c !== null && typeof c === 'object')
    : [];
}

/**
 * The events a statement's revisions (`r`) make for the triggers that watch them (decision 0054): noted in the
 * outbox by the same statement, when an enabled trigger of the tenant watches that resource and action.
 */
const NOTE_EVENTS = sql`INSERT INTO yuan_trigger_event (revision_id, tenant_id) SELECT r.id, r.tenant_id FROM r
  WHERE EXISTS (SELECT 1 FROM yuan_trigger t WHERE t.tenant_id = r.tenant_id AND t.resource = r.resource
    AND t.is_deleted = 0 AND t.enabled AND r.action = ANY (t.events))`;

/**
 * The CTEs `r` (the revision rows of the rows a write statement's `w` answered) and `o` (their events for the
 * triggers): `changes` is an expression over `w` (and the before state, joined by the caller). Rows without a change
 * get no revision; a create or delete always gets one.
 */
export function revisionCtes(
  res: Resource,
  action: RevisionAction,
  author: AuthorValues,
  changes: ChangesSql,
  from: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const keep = action === 'update' ? sql`WHERE x.changed` : sql``;
  return sql`r AS (INSERT INTO yuan_revision (tenant_id, resource, row_id, action, user_id, user_name, request_id, changes)
    SELECT ${author.tenantId}::text, ${res.name}::text, x.id, ${action}::text, ${author.userId}::bigint,
      ${author.userName}::text, ${author.requestId}::text, x.changes
    FROM (SELECT w.id, ${changes.changes} AS changes, ${changes.changed} AS changed FROM ${from}) AS x ${keep}
    RETURNING id, tenant_id, resource, action), o AS (${NOTE_EVENTS})`;
}

/**
 * The revisions of a change made outside the generic CRUD (e.g. a password changed by its own call), written in the
 * caller's unit of work beside the change itself. Rows whose changes are empty get none.
 */
export async function writeRevisions(
  db: Kdb,
  author: Author,
  resource: string,
  action: RevisionAction,
  rows: readonly { rowId: string; changes: RevisionChange[] }[],
): Promise<void> {
  const kept = rows.filter((r) => r.changes.length > 0 || action !== 'update');
  if (kept.length === 0) {
    return;
  }
  const values = kept.map(
    (r) => sql`(${author.tenantId}, ${resource}, ${r.rowId}::bigint, ${action}, ${author.userId}::bigint,
      ${author.userName}, ${author.requestId ?? null}, ${JSON.stringify(r.changes)}::jsonb)`,
  );
  await sql`WITH r AS (INSERT INTO yuan_revision (tenant_id, resource, row_id, action, user_id, user_name, request_id,
      changes) VALUES ${sql.join(values)} RETURNING id, tenant_id, resource, action)
    ${NOTE_EVENTS}`.execute(db);
}

/**
 * A row's revisions oldest first, their actions and changes: those after revision `after`, or those up to revision
 * `upTo` (a restore reads what came later; a trigger the states a row went through).
 */
export function rowRevisions(
  db: Kdb,
  row: { tenantId: string; resource: string; rowId: string },
  bound: { after: string } | { upTo: string },
) {
  const [op, id] = 'after' in bound ? (['>', bound.after] as const) : (['<=', bound.upTo] as const);
  return db
    .selectFrom('yuan_revision')
    .select(['action', 'changes'])
    .where('tenant_id', '=', row.tenantId)
    .where('resource', '=', row.resource)
    .where('row_id', '=', row.rowId)
    .where(sql.ref('yuan_revision.id'), op, id)
    .orderBy(sql.ref('yuan_revision.id'))
    .execute();
}
