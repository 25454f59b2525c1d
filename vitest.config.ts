import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Test files under `dir` (relative to `root`). */
function testFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) =>
      relative(root, join(root, dir, name))
        .split('\\')
        .join('/'),
    );
}

/** Files that replace a module (`vi.mock`): a module another file already loaded in the worker would not be replaced. */
function mocking(root: string, dirs: string[]): string[] {
  return dirs
    .flatMap((dir) => testFiles(root, dir))
    .filter((file) => readFileSync(join(root, file), 'utf8').includes('vi.mock('));
}

/**
 * A side that shares each worker's loaded modules between its files (isolate off: a file does not import again what
 * the one before it loaded, which took most of the suite's time), and one that gives each of `isolated` a fresh
 * worker (decision 0045). Files still start from a clean state: a database, a DOM and storage of their own.
 */
function split(
  name: string,
  root: string,
  include: string[],
  isolated: string[],
): TestProjectInlineConfiguration[] {
  const base = `./${root}/vitest.config.ts`;
  const shared: TestProjectInlineConfiguration = {
    extends: base,
    test: { name, root: `./${root}`, include, exclude: isolated, isolate: false },
  };
  if (isolated.length === 0) {
    return [shared];
  }
  return [
    shared,
    {
      extends: base,
      test: { name: `${name}-isolated`, root: `./${root}`, include: isolated, isolate: true },
    },
  ];
}

const server = 'apps/server';
const web = 'apps/web';

/** The suites that also run against two nodes behind the round-robin proxy, every call over HTTP (TEST_NODES). */
const clusterSuites = [
  'test/quality/isolation.test.ts',
  'test/quality/auth-matrix.test.ts',
  'test/quality/two-nodes.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      ...split('server', server, ['src/**/*.test.ts', 'test/**/*.test.ts'], mocking(server, ['src', 'test'])),
      {
        extends: `./${server}/vitest.config.ts`,
        test: {
          name: 'server-cluster',
          root: `./${server}`,
          include: clusterSuites,
          isolate: false,
          env: { TEST_NODES: '2' },
        },
      },
      ...split('web', web, ['src/**/*.test.{ts,tsx}'], mocking(web, ['src'])),
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
    // One file more than there are cores: the slowest files mostly wait on the clock (stalls, timeouts, child
    // processes starting), and a spare file keeps the cores busy meanwhile (2 cores: 499 s → 418 s, idle 10 % → 3 %).
    maxWorkers: availableParallelism() + 1,
  },
});
