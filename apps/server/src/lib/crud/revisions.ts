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

/** A column's value as the revision keeps it: exact (ids and decimals as text, JSON as itself). */
function keptValue(res: Resource, field: string, alias: string): RawBuilder<unknown> {
  const f = res.fields[field];
  const col = sql.ref(`${alias}.${f?.column ?? field}`);
  if (f?.kind === 'json') {
    return sql`${col}::jsonb`;
  }
  return f?.kind === 'id' || f?.kind === 'decimal' ? sql`to_jsonb(${col}::text)` : sql`to_jsonb(${col})`;
}

/**
 * The changes of one row as a JSON array of `{field, before, after}`, in the resource's field order: the fields
 * whose value differs between `before` and `after` (aliases of the row's two states; no `before` for a create, whose
 * changes are the fields it sets). A secret field is named without its values.
 */
export function changesSql(res: Resource, fields: string[], before: string | null): RawBuilder<unknown> {
  const items = fields.map((field, i) => {
    const f = res.fields[field];
    const now = sql.ref(`w.${f?.column ?? field}`);
    const changed = before
      ? sql`${sql.ref(`${before}.${f?.column ?? field}`)} IS DISTINCT FROM ${now}`
      : sql`${now} IS NOT NULL`;
    const name = sql`${field}::text`;
    const entry =
      f?.secret || f?.writeOnly
        ? sql`jsonb_build_object('field', ${name})`
        : sql`jsonb_build_object('field', ${name}, 'before', ${
            before ? keptValue(res, field, before) : sql`NULL::jsonb`
          }, 'after', ${keptValue(res, field, 'w')})`;
    return sql`(${sql.lit(i)}, CASE WHEN ${changed} THEN ${entry} END)`;
  });
  if (items.length === 0) {
    return sql`'[]'::jsonb`;
  }
  return sql`(SELECT coalesce(jsonb_agg(v.c ORDER BY v.o), '[]'::jsonb) FROM (VALUES ${sql.join(items)}) AS v(o, c)
    WHERE v.c IS NOT NULL)`;
}

/**
 * The revision rows of the rows a write statement's `w` answered: `changes` is an expression over `w` (and the
 * before state, joined by the caller). Rows without a change get none; a create or delete always gets one.
 */
export function revisionInsert(
  res: Resource,
  action: RevisionAction,
  author: AuthorValues,
  changes: RawBuilder<unknown>,
  from: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const keep = action === 'update' ? sql`WHERE x.changes <> '[]'::jsonb` : sql``;
  return sql`INSERT INTO yuan_revision (tenant_id, resource, row_id, action, user_id, user_name, request_id, changes)
    SELECT ${author.tenantId}::text, ${res.name}::text, x.id, ${action}::text, ${author.userId}::bigint,
      ${author.userName}::text, ${author.requestId}::text, x.changes
    FROM (SELECT w.id, ${changes} AS changes FROM ${from}) AS x ${keep}`;
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
  await db
    .insertInto('yuan_revision')
    .values(
      kept.map((r) => ({
        tenant_id: author.tenantId,
        resource,
        row_id: r.rowId,
        action,
        user_id: author.userId,
        user_name: author.userName,
        request_id: author.requestId ?? null,
        changes: JSON.stringify(r.changes),
      })),
    )
    .execute();
}
