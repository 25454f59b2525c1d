import type { Database } from '../src/db/index.ts';

/**
 * A store's reads that answer only when the test says so: `read` stands for the query (each call waits in line),
 * `answer` releases the oldest waiting one. A test sees what callers do while a read is under way.
 */
export function heldAnswers<T>() {
  const waiting: ((value: T) => void)[] = [];
  return {
    read: () => new Promise<T>((resolve) => waiting.push(resolve)),
    answer: (value: T) => waiting.shift()?.(value),
  };
}

/** A database whose units run their work at once, outside any session: for services whose store is a double. */
export const unitsRunAtOnce = {
  run: (_scope: unknown, fn: () => Promise<unknown>) => fn(),
} as unknown as Database;
