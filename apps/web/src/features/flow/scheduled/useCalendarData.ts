import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CalendarAnswer, scheduledApi } from './api.ts';
import { rangeHolds } from './calendarEvents.ts';

/** New runs can only appear in a range that holds "now"; such a range is asked again this often. */
const REFRESH_MS = 30_000;

export interface CalendarRange {
  start: string;
  end: string;
}

export interface CalendarData {
  answer: CalendarAnswer | undefined;
  /** The answer belongs to an earlier range (kept on screen while the new one loads). */
  stale: boolean;
  /** Asking the server, for this range or again in the background. */
  loading: boolean;
  /** Asking for a range whose events are not on screen yet: the calendar waits for them. */
  blocking: boolean;
  error: Error | null;
  reload: () => void;
}

/** The runs and planned times of the visible range, asked again when the range changes. */
export function useCalendarData(range: CalendarRange | null): CalendarData {
  const query = useQuery({
    queryKey: ['scheduled-calendar', range?.start, range?.end],
    queryFn: () => scheduledApi.calendar(range as CalendarRange),
    enabled: range !== null,
    // The previous range's events stay while the next loads, so the calendar does not flash empty.
    placeholderData: keepPreviousData,
    refetchInterval: () => (range && rangeHolds(range) ? REFRESH_MS : false),
  });
  return {
    answer: query.data,
    stale: query.isPlaceholderData,
    loading: query.isFetching,
    blocking: query.isFetching && (query.data === undefined || query.isPlaceholderData),
    error: query.error,
    reload: () => void query.refetch(),
  };
}
