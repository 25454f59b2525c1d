import { useQuery } from '@tanstack/react-query';
import { RequestError } from '../../../shared/api/http.ts';
import { codeApi } from './codeApi.ts';

/**
 * The tables of the chosen datasource, for the table name's suggestions; nothing is asked without a datasource (the
 * app's own database is not listed: its tables are typed). Read once per datasource and dialog.
 */
export function useDatasourceTables(datasourceId: string | undefined) {
  const query = useQuery({
    queryKey: ['datasource-tables', datasourceId ?? ''],
    queryFn: () => codeApi.tables(datasourceId ?? ''),
    enabled: Boolean(datasourceId),
    staleTime: 60_000,
    retry: false,
  });
  const problem =
    query.error instanceof RequestError ? query.error.message : query.error ? String(query.error) : '';
  return { tables: query.data ?? [], loading: query.isFetching, problem };
}
