import { describe, expect, it } from 'vitest';
import { cronCountProblem, cronFieldCount } from './cron.ts';

describe('a schedule', () => {
  it('counts its fields across runs of spaces', () => {
    expect(cronFieldCount('')).toBe(0);
    expect(cronFieldCount('   ')).toBe(0);
    expect(cronFieldCount(' 0  8 * *\t1-5 ')).toBe(5);
    expect(cronFieldCount('30 0 8 * * 1-5')).toBe(6);
  });

  it('is empty or has five or six fields', () => {
    expect(cronCountProblem('')).toBeNull();
    expect(cronCountProblem('*/10 * * * *')).toBeNull();
    expect(cronCountProblem('0 */10 * * * *')).toBeNull();
    expect(cronCountProblem('* * * *')).toBe(4);
    expect(cronCountProblem('0 0 0 1 1 * 2030')).toBe(7);
    expect(cronCountProblem('@daily')).toBe(1);
  });
});
