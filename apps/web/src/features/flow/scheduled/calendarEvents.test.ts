import { describe, expect, it } from 'vitest';
import type { CalendarAnswer, ScheduledRun, UpcomingRun } from './api.ts';
import {
  buildEvents,
  type EventDetail,
  formatJson,
  instantOf,
  type Palette,
  rangeFor,
  rangeHolds,
  serviceOptions,
  toWallClock,
  wallClockNow,
} from './calendarEvents.ts';

const palette: Palette = {
  ok: 'green',
  failed: 'red',
  running: 'blue',
  onStatus: 'white',
  upcoming: 'lightgrey',
  upcomingBorder: 'grey',
  upcomingText: 'darkgrey',
};
const labels = { ok: '成功', failed: '失败', running: '运行中', upcoming: '计划中' };
const SHANGHAI = { zone: 'Asia/Shanghai', palette, labels };

function run(id: string, scheduledAt: string, ok: boolean | null, serviceId = 's1'): ScheduledRun {
  return {
    id,
    serviceId,
    serviceName: serviceId === 's1' ? '心跳' : 'Daily',
    path: serviceId === 's1' ? 'jobs/tick' : 'jobs/daily',
    scheduledAt,
    startedAt: scheduledAt,
    durationMs: ok === null ? null : 12,
    ok,
    error: ok === false ? 'boom' : '',
  };
}

function upcoming(at: string, serviceId = 's1'): UpcomingRun {
  return {
    serviceId,
    serviceName: serviceId === 's1' ? '心跳' : 'Daily',
    path: serviceId === 's1' ? 'jobs/tick' : 'jobs/daily',
    at,
  };
}

describe('calendar times in the tenant zone', () => {
  it('turns an instant into the wall clock of the zone', () => {
    expect(toWallClock('2026-01-15T16:30:05.000Z', 'Asia/Shanghai')).toBe('2026-01-16T00:30:05');
    expect(toWallClock('2026-01-15T16:30:05.000Z', 'America/New_York')).toBe('2026-01-15T11:30:05');
    expect(wallClockNow('UTC', new Date('2026-03-01T08:00:00Z'))).toBe('2026-03-01T08:00:00');
  });

  it("reads the calendar's UTC-coerced dates back as instants of the zone", () => {
    // The month view of February 2026 in Shanghai starts on Monday 26 January, local midnight.
    const start = new Date(Date.UTC(2026, 0, 26));
    const end = new Date(Date.UTC(2026, 2, 9));
    expect(instantOf(start, 'Asia/Shanghai')).toBe('2026-01-25T16:00:00.000Z');
    expect(rangeFor(start, end, 'America/New_York')).toEqual({
      start: '2026-01-26T05:00:00.000Z',
      end: '2026-03-09T04:00:00.000Z',
    });
  });

  it('knows whether now is inside a range', () => {
    const range = { start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T00:00:00.000Z' };
    expect(rangeHolds(range, new Date('2026-01-01T12:00:00Z'))).toBe(true);
    expect(rangeHolds(range, new Date('2026-01-02T00:00:00Z'))).toBe(false);
    expect(rangeHolds(range, new Date('2025-12-31T23:59:59Z'))).toBe(false);
  });
});

describe('calendar events', () => {
  const answer: CalendarAnswer = {
    runs: [
      run('2', '2026-01-15T16:31:00.000Z', false),
      run('1', '2026-01-15T16:30:05.000Z', true),
      run('3', '2026-01-15T16:32:00.000Z', null),
    ],
    upcoming: [upcoming('2026-01-15T16:40:00.000Z')],
  };

  it('colours past runs by outcome and planned ones grey, in time order, at wall-clock times', () => {
    const { events, total } = buildEvents(answer, SHANGHAI);
    expect(total).toBe(4);
    expect(events.map((e) => [e.id, e.start, e.backgroundColor, e.borderColor, e.textColor])).toEqual([
      ['run-1', '2026-01-16T00:30:05', 'green', 'green', 'white'],
      ['run-2', '2026-01-16T00:31:00', 'red', 'red', 'white'],
      ['run-3', '2026-01-16T00:32:00', 'blue', 'blue', 'white'],
      ['upcoming-s1-2026-01-15T16:40:00.000Z', '2026-01-16T00:40:00', 'lightgrey', 'grey', 'darkgrey'],
    ]);
    expect(events[0]?.classNames).toEqual(['scheduled-event', 'scheduled-event-ok']);
    expect(events[3]?.classNames).toEqual(['scheduled-event', 'scheduled-event-upcoming']);
    expect(events.every((e) => e.display === 'block' && e.title === '心跳')).toBe(true);
  });

  it('gives each event the detail it opens and a tooltip naming time, service, path and outcome', () => {
    const details = buildEvents(answer, SHANGHAI).events.map((e) => e.extendedProps as EventDetail);
    expect(details.map((d) => [d.kind, d.status, d.timeText])).toEqual([
      ['run', 'ok', '00:30:05'],
      ['run', 'failed', '00:31:00'],
      ['run', 'running', '00:32:00'],
      ['upcoming', 'upcoming', '00:40:00'],
    ]);
    expect(details[0]?.hint).toBe('00:30:05 心跳 (jobs/tick) · 成功 · 12 ms');
    expect(details[2]?.hint).toBe('00:32:00 心跳 (jobs/tick) · 运行中');
    expect(details[3]?.hint).toBe('00:40:00 心跳 (jobs/tick) · 计划中');
    const first = details[0];
    expect(first?.kind === 'run' ? first.run.id : undefined).toBe('1');
  });

  it("keeps one service's events when filtered", () => {
    const mixed: CalendarAnswer = {
      runs: [...answer.runs, run('9', '2026-01-15T17:00:00.000Z', true, 's2')],
      upcoming: [...answer.upcoming, upcoming('2026-01-15T18:00:00.000Z', 's2')],
    };
    const { events, total } = buildEvents(mixed, { ...SHANGHAI, serviceId: 's2' });
    expect(total).toBe(2);
    expect(events.map((e) => e.id)).toEqual(['run-9', 'upcoming-s2-2026-01-15T18:00:00.000Z']);
  });

  it('keeps the latest runs, then the nearest planned times, past the limit', () => {
    const many: CalendarAnswer = {
      runs: ['1', '2', '3'].map((id) => run(id, `2026-01-15T10:00:0${id}.000Z`, true)),
      upcoming: ['1', '2'].map((s) => upcoming(`2026-01-15T11:00:0${s}.000Z`)),
    };
    expect(buildEvents(many, { ...SHANGHAI, limit: 2 }).events.map((e) => e.id)).toEqual(['run-2', 'run-3']);
    const four = buildEvents(many, { ...SHANGHAI, limit: 4 });
    expect(four.total).toBe(5);
    expect(four.events.map((e) => e.id)).toEqual([
      'run-1',
      'run-2',
      'run-3',
      'upcoming-s1-2026-01-15T11:00:01.000Z',
    ]);
  });

  it('has nothing for an empty range', () => {
    expect(buildEvents({ runs: [], upcoming: [] }, SHANGHAI)).toEqual({ events: [], total: 0 });
  });
});

describe('service filter and values', () => {
  it('lists each service of the answer once, by name', () => {
    const answer: CalendarAnswer = {
      runs: [run('1', '2026-01-15T10:00:00Z', true), run('2', '2026-01-15T10:00:01Z', true)],
      upcoming: [upcoming('2026-01-15T11:00:00Z', 's2')],
    };
    expect(serviceOptions(answer)).toEqual([
      { value: 's2', label: 'Daily (jobs/daily)' },
      { value: 's1', label: '心跳 (jobs/tick)' },
    ]);
    expect(serviceOptions(undefined)).toEqual([]);
    // Chosen earlier, with nothing in this range: still listed under its name.
    expect(serviceOptions({ runs: [], upcoming: [] }, { value: 's9', label: '周报 (jobs/weekly)' })).toEqual([
      { value: 's9', label: '周报 (jobs/weekly)' },
    ]);
  });

  it('shows a returned value as indented JSON', () => {
    expect(formatJson({ a: [1, 2] })).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(formatJson('1')).toBe('"1"');
    expect(formatJson(null)).toBe('null');
    expect(formatJson(undefined)).toBe('');
  });
});
