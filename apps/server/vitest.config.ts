import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // A worker keeps the modules it imported from one file to the next (the import is most of a small file's time):
    // each file still gets its own database and app, and what lives in module scope is the same for every app (the
    // id sequence, compiled chain contracts, a dummy password hash).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
