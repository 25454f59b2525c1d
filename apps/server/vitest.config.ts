import { defineConfig } from 'vitest/config';

/** What the server's test projects share; the root config names them and says which files each runs. */
export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/file-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
