import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The pool of PostgreSQL connections has nothing to test on PGlite: its file runs in the PostgreSQL suite.
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ['src/db/pg-driver.test.ts'])],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
