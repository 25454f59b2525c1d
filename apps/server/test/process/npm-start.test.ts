import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from './embedded-process.ts';
import { entity, importRows, rowCount, sheet } from './imports.ts';
import { alive, commandOf, descendants, groupMembers } from './pids.ts';
import { allGone, api, login, type ServerProcess, startServer, stopServer } from './server-process.ts';

const dataDir = tempDataDir();
const running: ServerProcess[] = [];
const seen: number[] = [];
afterAll(() => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
  }
  for (const pid of seen.filter(alive)) {
    process.kill(pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const ROWS = 10_000;

describe('npm start under a service manager', { timeout: 300_000 }, () => {
  it('ends the whole process tree within 15 s of SIGTERM to npm during an import, and the next start serves the rows', async () => {
    // npm start (its web build skipped), in a process group of its own as a service manager starts it.
    const npm = await startServer('npm', dataDir);
    running.push(npm);
    const token = await login(npm.base);
    const entId = await entity(npm.base, token, 'npm');
    await api(npm.base, token, 'POST', '/clientApp/groupMiner', {});
    const anvil = Number(readFileSync(join(dataDir, 'chain', 'anvil.pid'), 'utf8'));
    // The embedded PostgreSQL runs in a session of its own (pg_ctl): its postmaster is watched by its pid file.
    const postmaster = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(alive(postmaster)).toBe(true);
    const tree = descendants(npm.pid);
    seen.push(...tree);
    // npm, its shell, the server (no tsx wrapper) and the chain node.
    expect(tree).toContain(anvil);
    expect(tree.map(commandOf).some((c) => c.includes('scripts/start.mjs'))).toBe(true);
    expect(tree.map(commandOf).some((c) => /tsx\/dist\/cli/.test(c))).toBe(false);

    const upload = importRows(npm.base, token, entId, await sheet(ROWS, 'npm'));
    await upload.underWay;
    const signalled = Date.now();
    process.kill(npm.pid, 'SIGTERM');
    const outcome = await upload.outcome;
    const treeGoneMs = await allGone([npm.pid, ...tree], 15_000);
    expect(treeGoneMs).toBeLessThan(15_000);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    // Nothing of the group is left, and the chain node (a group of its own) is gone too.
    await sleep(200);
    expect(groupMembers(npm.pid)).toEqual([]);
    expect(alive(anvil)).toBe(false);
    expect(alive(postmaster)).toBe(false);
    // The import was under way at the signal: the server drained it, so it completed and was answered.
    expect(outcome).toEqual({ success: true, data: expect.objectContaining({ saved: ROWS }) });

    // The next start on the machine's own Node (CI runs the suites on a newer one and names the machine's).
    const node = process.env.NODE_SHIPPED || process.execPath;
    const again = await startServer('launcher', dataDir, {}, node);
    running.push(again);
    expect(commandOf(again.pid)).toContain(node);
    expect(await rowCount(again.base, await login(again.base), entId)).toBe(ROWS);
    expect((await stopServer(again)).code).toBe(0);
  });
});
