import { useMutation } from '@tanstack/react-query';
import type { SqlResult } from '@yuan/contract/lowcode/sql-edit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { type ParamRow, valuesOf } from './params.ts';
import { sqlApi } from './sqlApi.ts';

/**
 * Runs the editor's query with its parameters. The last answer stays shown until the next one arrives; a refusal
 * (the server's reason, or a value that is not a number) replaces it.
 */
export function useSqlRunner() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState('');
  const mutation = useMutation({
    mutationFn: ({ sql, values }: { sql: string; values: Parameters<typeof sqlApi.test>[1] }) =>
      sqlApi.test(sql, values),
    onSuccess: () => setProblem(''),
    onError: (error) => setProblem(error instanceof RequestError ? error.message : String(error)),
  });
  const run = (sql: string, rows: readonly ParamRow[]) => {
    if (sql.trim() === '') {
      setProblem(t('builder.sql.emptyQuery'));
      return;
    }
    const checked = valuesOf(rows);
    if ('invalid' in checked) {
      setProblem(t('builder.sql.notNumber', { name: `$${checked.invalid}` }));
      return;
    }
    if (!mutation.isPending) {
      mutation.mutate({ sql, values: checked.values });
    }
  };
  const result: SqlResult | undefined = problem ? undefined : mutation.data;
  return { run, result, problem, running: mutation.isPending };
}
