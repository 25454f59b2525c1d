import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
    // Server files each clone a migrated database; argon2 and PostgreSQL are CPU-bound, so two files at a time suit 2 cores.
    maxWorkers: 2,
  },
});
