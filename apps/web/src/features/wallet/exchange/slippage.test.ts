import { describe, expect, it } from 'vitest';
import { fromUnits, minOutOf, parseSlippage, SLIPPAGE_DEFAULT, slippagePercent } from './slippage.ts';

describe('the least a swap may pay', () => {
  it('is the quote less the slippage', () => {
    expect(minOutOf('2', SLIPPAGE_DEFAULT)).toBe('1.98');
    expect(minOutOf('2', 50)).toBe('1.99');
    expect(minOutOf('2', 300)).toBe('1.94');
    expect(minOutOf('0.5', 0)).toBe('0.5');
    expect(minOutOf('10', 10_000)).toBe('0');
  });

  it('is rounded down to 18 decimals, never up', () => {
    // 1e-18 × 0.99 is below one unit: nothing may be promised.
    expect(minOutOf('0.000000000000000001', 100)).toBe('0');
    // 0.333…333 (18 threes) × 0.99 = 0.32999…967 exactly at 20 places; 18 are kept, cut down.
    expect(minOutOf('0.333333333333333333', 100)).toBe('0.329999999999999999');
    expect(minOutOf('123456789.123456789123456789', 100)).toBe('122222221.232222221232222221');
  });

  it('cuts a quote with more than 18 decimals before applying the slippage', () => {
    expect(minOutOf('1.0000000000000000019', 0)).toBe('1.000000000000000001');
    expect(() => minOutOf('abc', 100)).toThrow();
    expect(() => minOutOf('1', 10_001)).toThrow();
  });
});

describe('slippage as typed', () => {
  it('accepts a percent above 0, at most 50, with at most two decimals', () => {
    expect(parseSlippage('1')).toBe(100);
    expect(parseSlippage('0.5')).toBe(50);
    expect(parseSlippage(' 12.25 ')).toBe(1225);
    expect(parseSlippage('50')).toBe(5000);
    expect(parseSlippage('0')).toBeNull();
    expect(parseSlippage('50.01')).toBeNull();
    expect(parseSlippage('0.001')).toBeNull();
    expect(parseSlippage('-1')).toBeNull();
    expect(parseSlippage('')).toBeNull();
  });

  it('reads back as a percent', () => {
    expect(slippagePercent(50)).toBe('0.5');
    expect(slippagePercent(100)).toBe('1');
    expect(slippagePercent(1225)).toBe('12.25');
    expect(fromUnits(0n)).toBe('0');
    expect(fromUnits(1_500_000_000_000_000_000n)).toBe('1.5');
  });
});
