import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  inTimeZone,
  matchesZone,
  setTimeZone,
  useTimeZone,
  zoneOptions,
} from './timeZone.ts';

const INSTANT = '2026-01-15T16:30:05.000Z';

describe('time zones on the web', () => {
  it("shows server instants in the tenant's zone", () => {
    expect(formatDateTime(INSTANT, 'Asia/Shanghai')).toBe('2026-01-16 00:30:05');
    expect(formatDateTime(INSTANT, 'America/New_York')).toBe('2026-01-15 11:30:05');
    expect(formatDateTime(INSTANT, 'UTC')).toBe('2026-01-15 16:30:05');
    expect(formatDateTime('not a date', 'UTC')).toBe('not a date');
  });

  it('uses the zone loaded for the session by default', () => {
    setTimeZone('Asia/Kolkata');
    try {
      expect(formatDateTime(INSTANT)).toBe('2026-01-15 22:00:05');
      expect(inTimeZone(INSTANT).format('HH:mm')).toBe('22:00');
    } finally {
      setTimeZone('Asia/Shanghai');
    }
    expect(useTimeZone.getState().zone).toBe('Asia/Shanghai');
  });

  it('lists every zone once, labelled with its offset and ordered from west to east', () => {
    const options = zoneOptions(new Date(INSTANT));
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    expect(options.length).toBeGreaterThan(300);
    expect(options.find((o) => o.value === 'Asia/Shanghai')?.label).toBe('(UTC+08:00) Asia/Shanghai');
    expect(options.find((o) => o.value === 'America/New_York')?.offset).toBe('-05:00');
    expect(options.find((o) => o.value === 'UTC')?.offset).toBe('+00:00');
    const minutes = options.map((o) => {
      const [h, m] = o.offset.slice(1).split(':').map(Number);
      return (o.offset.startsWith('-') ? -1 : 1) * ((h ?? 0) * 60 + (m ?? 0));
    });
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  it('finds zones by any part of the label, ignoring case', () => {
    expect(matchesZone('shanghai', '(UTC+08:00) Asia/Shanghai')).toBe(true);
    expect(matchesZone(' +08 ', '(UTC+08:00) Asia/Shanghai')).toBe(true);
    expect(matchesZone('tokyo', '(UTC+08:00) Asia/Shanghai')).toBe(false);
  });
});
