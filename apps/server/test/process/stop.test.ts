import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { WEBCHAT_SOCKET_PATH } from '@yuan/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { TestSocket } from '../webchat-sockets.ts';
import { tempDataDir } from './embedded-process.ts';
import { serverPort } from '../loopback.ts';
import { entity, importRows, rowCount, sheet } from './imports.ts';
import { alive, descendants } from './pids.ts';
import {
  allGone,
  api,
  login,
  type ServerProcess,
  spawnServer,
  startServer,
  stopServer,
} from './server-process.ts';

// The real start path (the launcher `npm start` runs) on one data folder: the tests run in order, each starting
// where the one before stopped.
const dataDir = tempDataDir();
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(more: Record<string, string> = {}) {
  const server = await startServer('launcher', dataDir, more);
  running.push(server);
  return { server, token: await login(server.base) };
}

const anvilPid = () => Number(readFileSync(join(dataDir, 'chain', 'anvil.pid'), 'utf8'));
const deployment = () => readFileSync(join(dataDir, 'chain', `deployment-31337.json`), 'utf8');
/** The chain starts on its first use: the issuance call uses it. */
const useChain = (base: string, token: string) => api(base, token, 'POST', '/clientApp/groupMiner', {});

const ROWS = 10_000;
let entId = '';
let firstDeployment = '';

describe('stopping the server', { timeout: 300_000 }, () => {
  it('stops during start-up once the step under way is done (the next test starts on that folder)', async () => {
    const server = spawnServer('launcher', dataDir, await serverPort());
    running.push(server);
    // Its first start initialises the database: the signal comes in the middle of it.
    while (!existsSync(join(dataDir, 'pg'))) {
      await sleep(20);
    }
    const tree = descendants(server.pid);
    const stopped = await stopServer(server, 'SIGTERM', 60_000);
    expect(stopped, server.output()).toMatchObject({ code: 0, signal: null });
    expect(await fetch(server.base).catch(() => 'refused')).toBe('refused');
    expect(await allGone(tree, 2_000)).toBeLessThan(2_000);
  });

  it('exits within 2 s of SIGTERM with an idle keep-alive connection and a chat socket open, the socket told why', async () => {
    const { server, token } = await start();
    const agent = new http.Agent({ keepAlive: true });
    const base = new URL(server.base);
    const kept = await new Promise<string | undefined>((resolve, reject) =>
      http
        .get({ host: base.hostname, port: Number(base.port), path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers.connection));
        })
        .on('error', reject),
    );
    expect(kept).toBe('keep-alive');
    const socket = await TestSocket.signedIn(
      `${server.base.replace('http', 'ws')}${WEBCHAT_SOCKET_PATH}`,
      token,
    );

    const stopped = await stopServer(server);
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(2_000);
    expect(await socket.closed).toEqual({ code: 1001, reason: 'server stopping' });
    agent.destroy();
  });

  it('lets an import in flight finish and stops the chain it started (the next test starts on its rows)', async () => {
    const { server, token } = await start();
    entId = await entity(server.base, token, 'drain');
    await useChain(server.base, token);
    firstDeployment = deployment();
    const anvil = anvilPid();
    expect(alive(anvil)).toBe(true);
    const tree = descendants(server.pid);
    expect(tree).toContain(anvil);

    const running = importRows(server.base, token, entId, await sheet(ROWS, 'drain'));
    const answeredAt = running.outcome.then(() => Date.now());
    await running.underWay;
    const signalled = Date.now();
    const stopped = await stopServer(server);
    const outcome = await running.outcome;
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(15_000);
    // Still running when the signal came, it finished within the grace period and answered in full.
    expect(outcome).toEqual({ success: true, data: expect.objectContaining({ saved: ROWS }) });
    expect(await answeredAt).toBeGreaterThan(signalled);
    expect(await allGone([server.pid, ...tree], 2_000)).toBeLessThan(2_000);
    expect(existsSync(join(dataDir, 'chain', 'anvil.pid'))).toBe(false);
  });

  it('serves the drained rows at the next start, and cuts an import still running when the grace ends', async () => {
    const { server, token } = await start({ SHUTDOWN_GRACE_MS: '300' });
    expect(await rowCount(server.base, token, entId)).toBe(ROWS);
    await useChain(server.base, token);
    // Stopped with SIGTERM last time, the chain wrote its state: the contracts deployed then are still there.
    expect(deployment()).toBe(firstDeployment);

    const running = importRows(server.base, token, entId, await sheet(60_000, 'cut'));
    await running.underWay;
    const stopped = await stopServer(server);
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(15_000);
    expect(await running.outcome).toBeUndefined();
  });

  it('has rolled the cut import back at the next start, and ends at once on a second signal, its chain node too', async () => {
    const { server, token } = await start();
    // None of the cut import's rows were kept.
    expect(await rowCount(server.base, token, entId)).toBe(ROWS);
    await useChain(server.base, token);
    const anvil = anvilPid();
    const target = await entity(server.base, token, 'twice');
    const upload = importRows(server.base, token, target, await sheet(60_000, 'twice'));
    await upload.underWay;
    server.child.kill('SIGTERM');
    await sleep(300);
    const stopped = await stopServer(server, 'SIGTERM', 5_000);
    expect(stopped).toMatchObject({ code: 128 + 15, signal: null });
    expect(stopped.ms).toBeLessThan(3_000);
    expect(await upload.outcome).toBeUndefined();
    // Told by the exiting server, the node writes its state and ends.
    expect(await allGone([anvil], 5_000)).toBeLessThan(5_000);
  });
});
