import { afterAll, describe, expect, it } from 'vitest';
import { type RunRequest, Sandbox } from './sandbox.ts';

// Room above the server's limits for the memory bombs, which need more than a second to fill 64 MB on a busy machine.
const pool = new Sandbox({ workers: 2, max: { cpuMs: 10_000, wallMs: 20_000 } });
afterAll(() => pool.close());
const sandbox = {
  run: (request: Omit<RunRequest, 'tenant'>, tenant = 'a') => pool.run({ tenant, ...request }),
};

describe('the script sandbox', { timeout: 30_000 }, () => {
  it('runs a script with its parameters and user, keeping its log', async () => {
    const result = await sandbox.run({
      code: 'log("adding", params.a, params.b); return { sum: params.a + params.b, who: user.name };',
      params: { a: 2, b: 3 },
      user: { name: 'admin' },
    });
    expect(result).toMatchObject({ ok: true, value: { sum: 5, who: 'admin' }, logs: ['adding 2 3'] });
  });

  it('ends an endless loop at its time limit with a clear error, and keeps serving', async () => {
    const started = performance.now();
    const result = await sandbox.run({ code: 'while (true) {}', cpuMs: 1_000 });
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(result).toMatchObject({ ok: false, limit: 'time', error: 'time limit' });
    expect((await sandbox.run({ code: 'return 1' })).value).toBe(1);
  });

  it('stops a memory bomb at its memory limit, and the next script runs as usual', async () => {
    for (const memoryBytes of [16 * 1024 * 1024, undefined]) {
      const result = await sandbox.run({
        code: 'const a = []; for (;;) { a.push(new Array(1e5).fill(1)); }',
        memoryBytes,
        cpuMs: 10_000,
        wallMs: 20_000,
      });
      expect(result).toMatchObject({ ok: false, limit: 'memory', error: 'memory limit' });
    }
    const huge = await sandbox.run({
      code: 'return "x".repeat(2 ** 29).length',
      cpuMs: 10_000,
      wallMs: 20_000,
    });
    expect(huge).toMatchObject({ ok: false, limit: 'memory' });
    expect((await sandbox.run({ code: 'return [1, 2, 3].map((n) => n * 2)' })).value).toEqual([2, 4, 6]);
  });

  it('has no way to the host: no require, process, fs, fetch or import', async () => {
    const probe = await sandbox.run({
      code: `return [typeof require, typeof process, typeof fetch, typeof globalThis.fs, typeof XMLHttpRequest];`,
    });
    expect(probe.value).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    // No module loader: an import never yields a module.
    const imported = await sandbox.run({
      code: `let got = 'nothing'; import('fs').then(() => { got = 'fs'; }); return got;`,
    });
    expect(imported.value).toBe('nothing');
  });

  it('reaches only the host functions it is given, which may fail with their own message', async () => {
    const seen: unknown[] = [];
    const result = await sandbox.run({
      code: `const rows = db.query('order', { status: 1 }); log(rows.length); return rows[0].title;`,
      host: {
        'db.query': async (...args) => {
          seen.push(args);
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          return [{ title: 'first' }];
        },
      },
      cpuMs: 500,
    });
    // The host's 1.5 s are not the script's time.
    expect(result).toMatchObject({ ok: true, value: 'first', logs: ['1'] });
    expect(seen).toEqual([['order', { status: 1 }]]);
    const refused = await sandbox.run({
      code: `try { http.get('http://169.254.169.254/'); } catch (e) { return e.message; }`,
      host: {
        'http.get': async () => {
          throw new Error('address not allowed');
        },
      },
    });
    expect(refused.value).toBe('address not allowed');
  });

  it('reports the script’s own error', async () => {
    const result = await sandbox.run({ code: 'throw new TypeError("bad input")' });
    expect(result).toMatchObject({ ok: false, error: 'TypeError: bad input' });
  });

  it('runs scripts of two tenants side by side without one holding the other', async () => {
    const [slow, quick] = await Promise.all([
      sandbox.run({ code: 'while (true) {}', cpuMs: 800 }, 'a'),
      sandbox.run({ code: 'return "done"' }, 'b'),
    ]);
    expect(slow.limit).toBe('time');
    expect(quick.value).toBe('done');
    expect(quick.ms).toBeLessThan(slow.ms);
  });
});
