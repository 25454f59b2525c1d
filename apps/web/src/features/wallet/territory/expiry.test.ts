import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { expiryIso } from './expiry.ts';

describe('a code batch expiry', () => {
  it("means the picked wall-clock time in the tenant's zone", () => {
    const picked = dayjs('2030-06-01 18:30:00');
    expect(expiryIso(picked, 'Asia/Shanghai')).toBe('2030-06-01T18:30:00+08:00');
    expect(expiryIso(picked, 'UTC')).toBe('2030-06-01T18:30:00+00:00');
    expect(expiryIso(picked, 'America/New_York')).toBe('2030-06-01T18:30:00-04:00');
  });
});
