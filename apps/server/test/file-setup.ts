import { afterAll, vi } from 'vitest';

// Files share their worker (isolate off, decision 0045): what a file changed in the worker's globals must not reach
// the next file. Fake timers left on froze every timer of the file after (its polls, waits and timeouts).
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
