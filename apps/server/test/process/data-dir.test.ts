import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type ServerProcess,
  signIn,
  spawnServer,
  tempDataDir,
  untilHealthy,
} from './embedded-process.ts';
import { serverPort } from '../loopback.ts';

/**
 * The app and its embedded PostgreSQL as real processes on one DATA_DIR: a second app is refused while the first
 * serves, a server a killed app left behind is stopped and replaced by the next start, and the server ends with
 * the app.
 */
const dataDir = tempDataDir();
const pidFile = join(dataDir, 'pg', 'postmaster.pid');
const postmaster = () => Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
};

let server: ServerProcess;
const probeParams = async (url: string) => {
  const token = await signIn(url);
  const page = await api<{ records: { paramValue: string }[] }>(
    url,
    token,
    '/api/yuan-system/param/list?paramKey=dir.probe',
  );
  return page.records.map((r) => r.paramValue);
};

beforeAll(async () => {
  server = spawnServer(dataDir, await serverPort());
  await untilHealthy(server);
  const token = await signIn(server.url);
  await api(server.url, token, '/api/yuan-system/param/submit', {
    paramName: 'Probe',
    paramKey: 'dir.probe',
    paramValue: 'kept',
  });
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  if (existsSync(pidFile) && alive(postmaster())) {
    process.kill(postmaster(), 'SIGQUIT');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one DATA_DIR, one app', { timeout: 180_000 }, () => {
  it('refuses a second start on the folder within 60 s, naming it, while the first keeps serving', async () => {
    const started = Date.now();
    const second = spawnServer(dataDir, await serverPort());
    const code = await second.exited;
    expect(code, second.output()).toBe(1);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by process ${server.child.pid}`);
    expect(await server.healthy()).toBe(true);
    expect(await probeParams(server.url)).toEqual(['kept']);
  });

  it('after kill -9 of the app, the next start stops the server it left running and serves the data', async () => {
    const left = postmaster();
    server.child.kill('SIGKILL');
    await server.exited;
    // Nothing ended the server: it runs on, holding the cluster.
    expect(alive(left)).toBe(true);
    server = spawnServer(dataDir, await serverPort());
    await untilHealthy(server);
    expect(alive(left)).toBe(false);
    expect(postmaster()).not.toBe(left);
    expect(server.output()).toContain(`Stopping the database server (pid ${left})`);
    expect(await probeParams(server.url)).toEqual(['kept']);
  });

  it('stops its server when SIGTERM ends it, through its own handler (exit code 0)', async () => {
    const pid = postmaster();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await until(() => !alive(pid), 10_000)).toBe(true);
    expect(existsSync(pidFile)).toBe(false);
  });

  it('starts despite lock files whose process number now belongs to another process', async () => {
    const other = spawn('sleep', ['60']);
    try {
      writeFileSync(pidFile, `${other.pid}\n${join(dataDir, 'pg')}\n0\n5432\n\n\n\n`);
      writeFileSync(
        join(dataDir, 'pg', '.s.PGSQL.5432.lock'),
        `${other.pid}\n${join(dataDir, 'pg')}\n0\n5432\n`,
      );
      server = spawnServer(dataDir, await serverPort());
      await untilHealthy(server);
      expect(alive(other.pid as number)).toBe(true);
      expect(await probeParams(server.url)).toEqual(['kept']);
    } finally {
      other.kill();
    }
  });
});
