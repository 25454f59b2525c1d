/**
 * A value at once, or a promise of it when it has to be loaded. The checks every call passes (session, grants,
 * zone) are cache hits nearly always; answering those without a promise keeps the hot path free of the promise and
 * async-context bookkeeping each await costs.
 */
export type Maybe<T> = T | Promise<T>;

export function andThen<T, U>(value: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** Runs a hook's work and calls Fastify's `done` when it has settled: at once when it needed no promise. */
export function settle(work: () => Maybe<void>, done: (error?: Error) => void): void {
  let result: Maybe<void>;
  try {
    result = work();
  } catch (error) {
    done(error as Error);
    return;
  }
  if (result instanceof Promise) {
    result.then(() => done(), done);
  } else {
    done();
  }
}
