import { readFileSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUT_SHORT } from '../../src/modules/flow/schedule/schedule.repo.ts';
import { tempDataDir } from './embedded-process.ts';
import { alive } from './pids.ts';
import { allGone, api, login, type ServerProcess, startServer, stopServer } from './server-process.ts';

// A peer the scheduled script calls: it holds the first call (the run is under way while it waits), answers the rest.
let peerPort = 0;
let held: ServerResponse[] = [];
let reached: () => void = () => undefined;
const runUnderWay = new Promise<void>((resolve) => {
  reached = resolve;
});
const peer = createServer((_req, res) => {
  if (held.length === 0) {
    held.push(res);
    reached();
    return;
  }
  res.end('{}');
});
const dataDir = tempDataDir();
const running: ServerProcess[] = [];
const leftovers: number[] = [];
beforeAll(async () => {
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerPort = (peer.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
  }
  for (const pid of leftovers.filter(alive)) {
    process.kill(pid, 'SIGKILL');
  }
  for (const res of held) {
    res.destroy();
  }
  held = [];
  await new Promise((resolve) => peer.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  ok: boolean | null;
  error: string;
}

describe('a server process killed while it works', { timeout: 300_000 }, () => {
  it('leaves a scheduled run the next start marks failed, and a chain node the next start stops', async () => {
    await told(running, () => scenario());
  });
});

/** Runs `work`; a failure carries what the servers wrote, the only trace of why a server stopped answering. */
async function told(servers: ServerProcess[], work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const said = servers.map((s, i) => `server ${i + 1} (${s.base}):\n${s.output()}`).join('\n');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${said}`, { cause: error });
  }
}

async function scenario(): Promise<void> {
  const env = { SCRIPT_HTTP_ALLOW: `127.0.0.1:${peerPort}` };
  const first = await startServer('launcher', dataDir, env);
  running.push(first);
  const token = await login(first.base);
  await api(first.base, token, 'POST', '/clientApp/groupMiner', {});
  const anvil = Number(readFileSync(join(dataDir, 'chain', 'anvil.pid'), 'utf8'));
  leftovers.push(anvil);
  const service = await api<Record<string, unknown>>(first.base, token, 'POST', '/s/saveOrUpdate', {
    parentId: '0',
    name: 'held',
    kind: 'service',
    path: 'crash/held',
    code: `http.fetch('http://127.0.0.1:${peerPort}/hold'); return 1;`,
    cron: '* * * * * *',
  });
  await runUnderWay;
  // kill -9 in the middle of the run: nothing of the server gets to run.
  const killed = await stopServer(first, 'SIGKILL');
  expect(killed.signal).toBe('SIGKILL');
  // The chain node outlives it.
  expect(alive(anvil)).toBe(true);

  const second = await startServer('launcher', dataDir, env);
  running.push(second);
  const again = await login(second.base);
  // Stopped at the next start, not left until the chain's next use.
  expect(await allGone([anvil], 10_000)).toBeLessThan(10_000);
  const range = new URLSearchParams({
    start: new Date(Date.now() - 3_600_000).toISOString(),
    end: new Date(Date.now() + 60_000).toISOString(),
    serviceId: String(service.id),
  });
  const { runs } = await api<{ runs: Run[] }>(second.base, again, 'GET', `/scheduled/calendar?${range}`);
  // The first run: cut short, marked failed at start (not left open, not run again); later ones ran.
  expect(runs[0]).toMatchObject({ ok: false, error: CUT_SHORT });
  expect(runs.filter((r) => r.error === CUT_SHORT)).toHaveLength(1);
  await api(second.base, again, 'POST', '/s/saveOrUpdate', { ...service, cron: '' });
  expect((await stopServer(second)).code).toBe(0);
}
