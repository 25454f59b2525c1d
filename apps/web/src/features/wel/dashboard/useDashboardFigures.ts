import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardFigures } from '@yuan/contract/dashboard';
import { dashboardApi } from './dashboardApi.ts';

export interface FiguresState {
  figures: DashboardFigures | undefined;
  /** Nothing to show yet (the first answer has not come). */
  loading: boolean;
  /** Asking the server, for new dates or again. */
  fetching: boolean;
  error: Error | null;
  refresh: () => void;
}

/** The figures of the chosen dates; the previous dates' stay on screen while the next ones are counted. */
export function useDashboardFigures(from: string, to: string): FiguresState {
  const query = useQuery({
    queryKey: ['dashboard-figures', from, to],
    queryFn: () => dashboardApi.figures({ from, to }),
    placeholderData: keepPreviousData,
  });
  return {
    figures: query.data,
    loading: query.isPending,
    fetching: query.isFetching,
    error: query.error,
    refresh: () => void query.refetch(),
  };
}
