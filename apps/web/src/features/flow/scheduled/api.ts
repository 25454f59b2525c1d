import { call } from '../../../shared/api/http.ts';

const BASE = '/api/yuan-api/scheduled';

/** A past run of a scheduled flow service, as the calendar lists it. */
export interface ScheduledRun {
  id: string;
  serviceId: string;
  serviceName: string;
  path: string;
  /** The planned instant (ISO) the run was due at. */
  scheduledAt: string;
  /** When it really began; null while the server has not recorded it. */
  startedAt: string | null;
  durationMs: number | null;
  /** null while the run is still going. */
  ok: boolean | null;
  error: string | null;
}

/** A planned run inside the asked range that has not happened yet. */
export interface UpcomingRun {
  serviceId: string;
  serviceName: string;
  path: string;
  at: string;
}

export interface CalendarAnswer {
  runs: ScheduledRun[];
  upcoming: UpcomingRun[];
}

/** One run with what it logged and returned. */
export interface RunDetail extends ScheduledRun {
  finishedAt: string | null;
  logs: string[];
  value?: unknown;
}

/** The calls of the scheduled-tasks calendar. Quiet: the screen shows a failure in place, with a retry. */
export const scheduledApi = {
  calendar: (range: { start: string; end: string }) =>
    call<CalendarAnswer>(`${BASE}/calendar`, { params: range, silent: true }),
  run: (id: string) => call<RunDetail>(`${BASE}/run/${encodeURIComponent(id)}`, { silent: true }),
};
