import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./node24.mjs', import.meta.url));

/** Runs the script on this Node, made to report `version` as its own, with `env` added. */
function run(version: string, args: string[], env: Record<string, string> = {}) {
  const pretend = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });`;
  const preload = `data:text/javascript,${encodeURIComponent(pretend)}`;
  return spawnSync(process.execPath, ['--import', preload, script, ...args], {
    env: { ...process.env, NODE_SHIPPED: '', ...env },
    encoding: 'utf8',
  });
}

/** A cache whose Node 24 is a stand-in printing what it was asked to run and the NODE_SHIPPED it got. */
function cacheWithNode24(): string {
  const cache = mkdtempSync(join(tmpdir(), 'node24-'));
  const bin = join(cache, 'yuan-admin', 'node24', 'node_modules', 'node', 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'node'), '#!/bin/sh\necho "node24 $* shipped=$NODE_SHIPPED"\n');
  chmodSync(join(bin, 'node'), 0o755);
  return cache;
}

describe('running the suites on Node 24', () => {
  it('runs the command as it is on Node 24 or later, with its exit status', () => {
    const result = run('24.1.0', ['node', '-e', 'process.exit(3)'], { XDG_CACHE_HOME: cacheWithNode24() });
    expect(result.status).toBe(3);
    expect(result.stdout).toBe('');
  });

  it('puts the cached Node 24 first on PATH on an older Node, keeping that Node as NODE_SHIPPED', () => {
    const result = run('20.20.2', ['node', '--version'], { XDG_CACHE_HOME: cacheWithNode24() });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(`node24 --version shipped=${process.execPath}`);
  });

  it('says how to use it when no command is given', () => {
    const result = run('24.1.0', []);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage: node scripts/node24.mjs <command>');
  });
});
