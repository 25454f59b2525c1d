import type { EventInput } from '@fullcalendar/core';
import dayjs from 'dayjs';
import { inTimeZone } from '../../../shared/time/timeZone.ts';
import type { CalendarAnswer, ScheduledRun, UpcomingRun } from './api.ts';

/**
 * The calendar runs in UTC mode and is given wall-clock times of the tenant's zone: FullCalendar cannot compute in
 * a named zone without another date library, and dayjs (already loaded) can. So an instant becomes the zone's
 * wall-clock text here, and the calendar's visible dates (UTC-coerced wall clocks) become instants again.
 */
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';
const TIME = 'HH:mm:ss';

/** Above this many events the calendar gets slow to draw; a dense schedule is better read week by week. */
export const EVENT_LIMIT = 1500;

export type EventStatus = 'ok' | 'failed' | 'running' | 'upcoming';

/** What an event carries for its content, its tooltip and the detail it opens. */
export type EventDetail =
  | { kind: 'run'; status: EventStatus; timeText: string; hint: string; run: ScheduledRun }
  | { kind: 'upcoming'; status: 'upcoming'; timeText: string; hint: string; upcoming: UpcomingRun };

export interface Palette {
  ok: string;
  failed: string;
  running: string;
  /** Text on the green, red and running blocks. */
  onStatus: string;
  upcoming: string;
  upcomingBorder: string;
  upcomingText: string;
}

export type StatusLabels = Record<EventStatus, string>;

export interface BuildOptions {
  zone: string;
  palette: Palette;
  labels: StatusLabels;
  /** Only this service's events, when set. */
  serviceId?: string;
  limit?: number;
}

export interface BuiltEvents {
  events: EventInput[];
  /** Events in the range (after the service filter), before the limit. */
  total: number;
}

/** An instant as the wall-clock text of `zone` (what the UTC-mode calendar shows as is). */
export function toWallClock(value: string | number | Date, zone: string): string {
  return inTimeZone(value, zone).format(WALL_CLOCK);
}

/** "Now" for the calendar's today mark and now line, in the tenant's zone rather than the browser's. */
export function wallClockNow(zone: string, now: Date = new Date()): string {
  return toWallClock(now, zone);
}

/** The instant a calendar date (a UTC-coerced wall clock of `zone`) stands for, as ISO. */
export function instantOf(date: Date, zone: string): string {
  return dayjs.tz(dayjs.utc(date).format(WALL_CLOCK), zone).toISOString();
}

/** The range to ask the server for, from the calendar's visible start and (exclusive) end. */
export function rangeFor(start: Date, end: Date, zone: string): { start: string; end: string } {
  return { start: instantOf(start, zone), end: instantOf(end, zone) };
}

/** True when `now` falls inside the range: only then can new runs appear in it while the screen is open. */
export function rangeHolds(range: { start: string; end: string }, now: Date = new Date()): boolean {
  const at = now.getTime();
  return Date.parse(range.start) <= at && at < Date.parse(range.end);
}

function statusOf(run: ScheduledRun): EventStatus {
  if (run.ok === null || run.ok === undefined) {
    return 'running';
  }
  return run.ok ? 'ok' : 'failed';
}

function colours(status: EventStatus, palette: Palette): Partial<EventInput> {
  if (status === 'upcoming') {
    return {
      backgroundColor: palette.upcoming,
      borderColor: palette.upcomingBorder,
      textColor: palette.upcomingText,
    };
  }
  const colour = palette[status];
  return { backgroundColor: colour, borderColor: colour, textColor: palette.onStatus };
}

function runEvent(run: ScheduledRun, options: BuildOptions): EventInput {
  const status = statusOf(run);
  const timeText = inTimeZone(run.scheduledAt, options.zone).format(TIME);
  const duration = run.durationMs === null || run.durationMs === undefined ? '' : ` · ${run.durationMs} ms`;
  const detail: EventDetail = {
    kind: 'run',
    status,
    timeText,
    hint: `${timeText} ${run.serviceName} (${run.path}) · ${options.labels[status]}${duration}`,
    run,
  };
  return {
    id: `run-${run.id}`,
    title: run.serviceName,
    start: toWallClock(run.scheduledAt, options.zone),
    display: 'block',
    classNames: ['scheduled-event', `scheduled-event-${status}`],
    ...colours(status, options.palette),
    extendedProps: detail,
  };
}

function upcomingEvent(upcoming: UpcomingRun, options: BuildOptions): EventInput {
  const timeText = inTimeZone(upcoming.at, options.zone).format(TIME);
  const detail: EventDetail = {
    kind: 'upcoming',
    status: 'upcoming',
    timeText,
    hint: `${timeText} ${upcoming.serviceName} (${upcoming.path}) · ${options.labels.upcoming}`,
    upcoming,
  };
  return {
    id: `upcoming-${upcoming.serviceId}-${upcoming.at}`,
    title: upcoming.serviceName,
    start: toWallClock(upcoming.at, options.zone),
    display: 'block',
    classNames: ['scheduled-event', 'scheduled-event-upcoming'],
    ...colours('upcoming', options.palette),
    extendedProps: detail,
  };
}

const byTime =
  <T>(at: (item: T) => string) =>
  (a: T, b: T) =>
    Date.parse(at(a)) - Date.parse(at(b));

/**
 * The calendar's events: past runs green or red, planned ones grey. Past the limit the latest runs are kept, then
 * the nearest planned times, since those are what a person looks for.
 */
export function buildEvents(answer: CalendarAnswer, options: BuildOptions): BuiltEvents {
  const limit = options.limit ?? EVENT_LIMIT;
  const wanted = (item: { serviceId: string }) => !options.serviceId || item.serviceId === options.serviceId;
  const runs = answer.runs.filter(wanted).sort(byTime((run) => run.scheduledAt));
  const upcoming = answer.upcoming.filter(wanted).sort(byTime((item) => item.at));
  const keptRuns = runs.slice(Math.max(0, runs.length - limit));
  const keptUpcoming = upcoming.slice(0, Math.max(0, limit - keptRuns.length));
  return {
    events: [
      ...keptRuns.map((run) => runEvent(run, options)),
      ...keptUpcoming.map((item) => upcomingEvent(item, options)),
    ],
    total: runs.length + upcoming.length,
  };
}

export interface ServiceOption {
  value: string;
  label: string;
}

/**
 * The services that have runs or planned times in the answer, by name, for the filter; the chosen one stays listed
 * in a range where it has nothing, so the filter keeps showing its name.
 */
export function serviceOptions(answer: CalendarAnswer | undefined, chosen?: ServiceOption): ServiceOption[] {
  const names = new Map<string, string>();
  for (const item of [...(answer?.runs ?? []), ...(answer?.upcoming ?? [])]) {
    if (!names.has(item.serviceId)) {
      names.set(item.serviceId, `${item.serviceName} (${item.path})`);
    }
  }
  if (chosen && !names.has(chosen.value)) {
    names.set(chosen.value, chosen.label);
  }
  return [...names]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** A run's returned value as indented JSON (a text shows its quotes, so "1" and 1 differ); nothing for none. */
export function formatJson(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}
