import { useQuery } from '@tanstack/react-query';
import { type RunDetail, scheduledApi } from './api.ts';

/** One run's details (logs and value), loaded when its detail opens. */
export function useRunDetail(id: string | null): {
  detail: RunDetail | undefined;
  loading: boolean;
  error: Error | null;
  reload: () => void;
} {
  const query = useQuery({
    queryKey: ['scheduled-run', id],
    queryFn: () => scheduledApi.run(id as string),
    enabled: id !== null,
    // A finished run does not change.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    detail: query.data,
    loading: query.isLoading,
    error: query.error,
    reload: () => void query.refetch(),
  };
}
