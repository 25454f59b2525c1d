import { describe, expect, it } from 'vitest';
import { amountProblem, toUnits } from './amount.ts';
import { formatAmount, normalizeAmount, shortHash } from './format.ts';

describe('amounts to pay', () => {
  it('follow the server rule: above 0, at most 18 decimals, plain decimal text', () => {
    expect(amountProblem('1')).toBeNull();
    expect(amountProblem(' 0.5 ')).toBeNull();
    expect(amountProblem('0.000000000000000001')).toBeNull();
    for (const bad of ['', '0', '0.0', '-1', '1e3', '.5', '1.', 'abc', '0.0000000000000000001', '1,5']) {
      expect(amountProblem(bad), bad).toBe('format');
    }
    expect(amountProblem(undefined)).toBe('format');
  });

  it('may not exceed the balance, compared digit for digit', () => {
    expect(amountProblem('10', '10')).toBeNull();
    expect(amountProblem('10.000000000000000001', '10')).toBe('balance');
    expect(amountProblem('123456789.123456789123456789', '123456789.123456789123456788')).toBe('balance');
    // An unknown or unreadable balance leaves the check to the server.
    expect(amountProblem('5')).toBeNull();
    expect(amountProblem('5', 'n/a')).toBeNull();
  });

  it('convert to 18-decimal units without losing digits', () => {
    expect(toUnits('1')).toBe(10n ** 18n);
    expect(toUnits('0.000000000000000001')).toBe(1n);
    expect(toUnits('12345678901234567890.5')).toBe(12345678901234567890n * 10n ** 18n + 5n * 10n ** 17n);
    expect(toUnits('1.0000000000000000001')).toBeNull();
    expect(toUnits('-1')).toBeNull();
  });
});

describe('formatting', () => {
  it('groups thousands and cuts decimals without rounding up', () => {
    expect(formatAmount('1234567.1234569')).toBe('1,234,567.123456');
    expect(formatAmount('1000')).toBe('1,000');
    expect(formatAmount('0.500000000000000000')).toBe('0.5');
    expect(formatAmount('0')).toBe('0');
    expect(formatAmount('0.000')).toBe('0');
    expect(formatAmount('12.999999999', 2)).toBe('12.99');
    expect(formatAmount('007.10')).toBe('7.1');
  });

  it('shows dust as "less than" rather than 0, and a missing value as -', () => {
    expect(formatAmount('0.0000001')).toBe('< 0.000001');
    expect(formatAmount('0.001', 2)).toBe('< 0.01');
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount('')).toBe('-');
    expect(formatAmount('n/a')).toBe('n/a');
  });

  it('shortens hashes and addresses, keeping short texts whole', () => {
    expect(shortHash('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
    expect(shortHash('0xabcdef', 6, 4)).toBe('0xabcdef');
    expect(shortHash(undefined)).toBe('-');
  });

  it('normalizes typed amounts so 1.50 and 01.5 are the same amount', () => {
    expect(normalizeAmount('01.50')).toBe('1.5');
    expect(normalizeAmount(' 2.000 ')).toBe('2');
    expect(normalizeAmount('0.0')).toBe('0');
  });
});
