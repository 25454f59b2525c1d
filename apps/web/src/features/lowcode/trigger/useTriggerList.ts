import { useQuery } from '@tanstack/react-query';
import { triggerApi } from './triggerApi.ts';

/** The tenant's triggers: all of them in one answer (a tenant defines a handful), paged by the table itself. */
export function useTriggerList() {
  const query = useQuery({ queryKey: ['triggers'], queryFn: triggerApi.list });
  return { query, records: query.data ?? [], reload: () => void query.refetch() };
}
