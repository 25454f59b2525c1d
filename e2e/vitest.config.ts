import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Files that change a setting of tenant 000000 every other file sees, so they run alone, one after another, once the
 * other files are done:
 * - dashboard: counts the tenant's users, which the other files add;
 * - storage: enables an S3 storage of nowhere for a while, through which every upload of the tenant would go;
 * - timezone: moves the tenant's time zone, in which the task calendar of scheduled shows its runs;
 * - website: fills the welcome page, so the greeting every sign-in waits for is not shown meanwhile.
 */
const ALONE = ['dashboard', 'storage', 'timezone', 'website'].map((name) => `e2e/${name}.e2e.ts`);

/** What both groups share; the root's global set-up starts the one server and the one Chromium for both. */
const shared = {
  pool: 'forks',
  // The files of a worker share its loaded modules (Playwright's client, the support files) and kept sessions.
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 180_000,
} as const;

/**
 * Browser tests: one real server and one Chromium (global set-up). Two files at a time, each with its own browser
 * contexts; the files that must be alone run afterwards, one by one.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    globalSetup: ['e2e/support/global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude: ALONE,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { concurrent: false, groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e-alone',
          include: ALONE,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { concurrent: false, groupOrder: 1 },
        },
      },
    ],
  },
});
