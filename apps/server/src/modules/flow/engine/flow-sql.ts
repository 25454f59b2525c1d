import type { Page } from '@yuan/contract';
import { type Expression, type SqlBool, sql } from 'kysely';

/** Whether an id column, read as text, is one of `ids` (ids that are not numbers match none; none matches nothing). */
export const idIn = (column: Expression<unknown>, ids: string[]) =>
  sql<SqlBool>`${column}::text = ANY(${ids})`;

/** One page of a list, from its row count and its rows. */
export async function pageOf<T>(
  total: Promise<{ n: string | number | bigint }>,
  rows: () => Promise<T[]>,
  current: number,
  size: number,
): Promise<Page<T>> {
  const n = Number((await total).n);
  return { records: await rows(), total: n, size, current, pages: Math.ceil(n / size) };
}
