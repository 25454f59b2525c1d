import { type Kysely, sql } from 'kysely';

/** A column of a bulk insert: its name and the SQL type its text values are cast to. */
export interface BulkColumn {
  name: string;
  type: string;
}

/**
 * Many rows in one statement: the batch travels as one JSON parameter (`INSERT … SELECT FROM json_to_recordset`),
 * so neither the statement's text nor its parse grows with the batch. Each value is read as text and cast to its
 * column's type, as a text array's element was before; JSON is written natively, where a text array was put
 * together in JS an escaped element at a time (docs/benchmarks.md). Table, column names and types come from the
 * code, never from a request.
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
  // Positional keys: a row's other properties stay out of the parameter, and any column name is a safe key.
  const batch = JSON.stringify(
    rows.map((row) => {
      const values: Record<string, unknown> = {};
      columns.forEach(({ name }, i) => {
        values[`c${i}`] = row[name] ?? null;
      });
      return values;
    }),
  );
  const fields = columns.map((_, i) => sql.raw(`c${i} text`));
  const casts = columns.map(({ type }, i) => sql`${sql.raw(`u.c${i}`)}::${sql.raw(type)}`);
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map(({ name }) => sql.ref(name)))})
    SELECT ${sql.join(casts)} FROM json_to_recordset(${batch}::json) AS u(${sql.join(fields)})`.execute(db);
}
