import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './useCountdown.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a debounced value', () => {
  it('follows the input only after it has rested for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 400), {
      initialProps: { value: '1' },
    });
    expect(result.current).toBe('1');
    rerender({ value: '12' });
    act(() => vi.advanceTimersByTime(300));
    rerender({ value: '123' });
    act(() => vi.advanceTimersByTime(300));
    // 600 ms after the first change, but only 300 ms after the last one: still the first value.
    expect(result.current).toBe('1');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('123');
  });
});

describe('a countdown', () => {
  it('counts the seconds down to zero and can start again', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.left).toBe(0);
    act(() => result.current.start(60));
    expect(result.current.left).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(59);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.left).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.left).toBe(0);
    act(() => result.current.start(3));
    expect(result.current.left).toBe(3);
  });
});
