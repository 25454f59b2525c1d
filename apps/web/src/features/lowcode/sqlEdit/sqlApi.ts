import type { SqlResult, SqlSpliceInput } from '@yuan/contract/lowcode/sql-edit';
import { call } from '../../../shared/api/http.ts';

const BASE = '/api/yuan-api/sqlEdit';

/** A value bound to `$n`, as the runner accepts it. */
export type SqlValue = string | number | boolean | null;

export interface SplicedSql {
  sql: string;
  params: (string | number)[];
}

/**
 * The SQL editor's calls. Both are quiet: the screen shows the server's reason beside the query it concerns, and
 * neither is guarded against a repeat, since running the same query twice in a row is what a person testing does.
 */
export const sqlApi = {
  test: (sql: string, params: SqlValue[]) =>
    call<SqlResult>(`${BASE}/test`, {
      method: 'POST',
      body: params.length > 0 ? { sql, params } : { sql },
      silent: true,
      guard: false,
    }),
  splice: (body: SqlSpliceInput) =>
    call<SplicedSql>(`${BASE}/splicingSql`, { method: 'POST', body, silent: true, guard: false }),
};
