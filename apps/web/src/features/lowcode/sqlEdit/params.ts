import type { SqlValue } from './sqlApi.ts';

export const PARAM_TYPES = ['string', 'number', 'boolean', 'null'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** One `$n` value as the parameters editor holds it: typed text, converted when the query runs. */
export interface ParamRow {
  type: ParamType;
  value: string;
}

/** The runner accepts at most this many parameters (the contract's `sqlParams`). */
export const MAX_PARAMS = 50;

/**
 * The highest `$n` a query uses. String literals, quoted names and comments are left out first, so a `'$5'` in a
 * text does not ask for a fifth value.
 */
export function placeholderCount(sql: string): number {
  const bare = sql
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '');
  let highest = 0;
  for (const match of bare.matchAll(/\$(\d+)/g)) {
    highest = Math.max(highest, Number(match[1]));
  }
  return Math.min(highest, MAX_PARAMS);
}

/** The rows for `count` parameters: the ones already typed are kept, new ones start as empty text. */
export function resizeRows(rows: readonly ParamRow[], count: number): ParamRow[] {
  const out = rows.slice(0, count);
  while (out.length < count) {
    out.push({ type: 'string', value: '' });
  }
  return out;
}

/** The rows of the values the visual builder answers (numbers stay numbers). */
export function rowsOf(values: readonly (string | number)[]): ParamRow[] {
  return values.map((value) =>
    typeof value === 'number' ? { type: 'number', value: String(value) } : { type: 'string', value },
  );
}

/** The values to send, or the 1-based position of the first one that is not what its type says. */
export function valuesOf(rows: readonly ParamRow[]): { values: SqlValue[] } | { invalid: number } {
  const values: SqlValue[] = [];
  for (const [index, row] of rows.entries()) {
    if (row.type === 'number') {
      const n = Number(row.value);
      if (row.value.trim() === '' || !Number.isFinite(n)) {
        return { invalid: index + 1 };
      }
      values.push(n);
    } else if (row.type === 'boolean') {
      values.push(row.value === 'true');
    } else if (row.type === 'null') {
      values.push(null);
    } else {
      values.push(row.value);
    }
  }
  return { values };
}
