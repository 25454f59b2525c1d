import { type Kysely, sql } from 'kysely';

/** A column of a bulk insert: its name and the SQL type its text values are cast to. */
export interface BulkColumn {
  name: string;
  type: string;
}

/**
 * Many rows in one statement, each column travelling as one text array (`INSERT … SELECT FROM unnest`): a handful
 * of parameters however many rows, so neither the statement's text nor its parse grows with the batch. Table,
 * column names and types come from the code, never from a request.
 */
export async function insertByColumns<DB>(
  db: Kysely<DB>,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0 || columns.length === 0) {
    return;
  }
  const arrays = columns.map(({ name }) =>
    rows.map((row) => {
      const v = row[name];
      return v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);
    }),
  );
  const alias = columns.map((_, i) => sql.raw(`c${i}`));
  const casts = columns.map(({ type }, i) => sql`${sql.raw(`u.c${i}`)}::${sql.raw(type)}`);
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map(({ name }) => sql.ref(name)))})
    SELECT ${sql.join(casts)} FROM unnest(${sql.join(arrays.map((a) => sql`${sql.val(a)}::text[]`))}) AS u(${sql.join(alias)})`.execute(
    db,
  );
}
