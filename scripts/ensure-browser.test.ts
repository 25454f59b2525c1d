import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./ensure-browser.mjs', import.meta.url));
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [script], { env: { ...process.env, ...env }, encoding: 'utf8' });

describe('the browser check before the browser tests', () => {
  it('passes silently when the browser is there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'browser-'));
    const fake = join(dir, 'chromium');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    const result = run({ CHROMIUM_PATH: fake });
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });

  it('stops at once with one line naming what to run when the browser is missing and may not be installed', () => {
    const missing = join(tmpdir(), 'no-such-dir', 'chromium');
    const cases: Record<string, string>[] = [
      { CHROMIUM_PATH: missing },
      { CHROMIUM_PATH: missing, BROWSER_INSTALL: 'never' },
    ];
    for (const env of cases) {
      const result = run(env);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(missing);
      expect(lines[0]).toContain('apt-get install -y chromium-headless-shell');
    }
  });
});
