import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs`: a call made from it (a quote while typing, a search) is
 * sent for what the user settled on, not for every key.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
