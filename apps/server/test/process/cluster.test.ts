import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from './embedded-process.ts';
import { alive, commandOf, descendants } from './pids.ts';
import { allGone, login, PASSWORD, ROOT } from './server-process.ts';

const dataDir = tempDataDir();
const seen: number[] = [];
let cluster: ChildProcess | undefined;
afterAll(() => {
  if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
    cluster.kill('SIGKILL');
  }
  for (const pid of seen.filter(alive)) {
    process.kill(pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The embedded database's first start, a chain and two nodes compiling their TypeScript, on a busy machine. */
const UP_MS = 300_000;

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port with the two after it free as well: the proxy's and its nodes'. */
async function threeFreePorts(): Promise<number> {
  for (let port = 20_000 + Math.floor(Math.random() * 20_000); ; port += 3) {
    if ((await portFree(port)) && (await portFree(port + 1)) && (await portFree(port + 2))) {
      return port;
    }
  }
}

/** How many log lines of calls to `url` each node wrote. */
function servedBy(output: string, url: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of output.split('\n')) {
    const match = /^\[(node \d)\] (\{.*\})$/.exec(line);
    if (match?.[1] && match[2]) {
      const entry = JSON.parse(match[2]) as { req?: { url?: string } };
      if (entry.req?.url === url) {
        counts[match[1]] = (counts[match[1]] ?? 0) + 1;
      }
    }
  }
  return counts;
}

describe('npm run cluster', { timeout: UP_MS + 60_000 }, () => {
  it('serves through the proxy from both nodes on one database and chain, and stops all of it on SIGTERM', async () => {
    const port = await threeFreePorts();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      START_BUILD: 'never',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      CAPTCHA_MODE: 'off',
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    for (const name of Object.keys(env).filter((n) => n.startsWith('npm_'))) {
      delete env[name];
    }
    const child = spawn(process.execPath, ['scripts/cluster.mjs', '2'], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster = child;
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    for (const until = Date.now() + UP_MS; !output.includes('node(s) behind'); await sleep(250)) {
      if (child.exitCode !== null || Date.now() > until) {
        throw new Error(`the cluster did not come up:\n${output.slice(-4000)}`);
      }
    }
    const base = `http://127.0.0.1:${port}`;
    const tree = descendants(child.pid as number);
    seen.push(...tree);
    const nodes = tree.filter((pid) => commandOf(pid).includes('scripts/start.mjs'));
    const anvil = Number(readFileSync(join(dataDir, 'cluster', 'chain', 'anvil.pid'), 'utf8'));
    const postmaster = Number(
      readFileSync(join(dataDir, 'cluster', 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    // Two nodes and one chain node for both, its contracts deployed once before the nodes started.
    expect(nodes).toHaveLength(2);
    expect(tree).toContain(anvil);
    expect(existsSync(join(dataDir, 'cluster', 'chain', 'deployment-31337.json'))).toBe(true);

    for (let i = 0; i < 6; i++) {
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    }
    const token = await login(base);
    for (let i = 0; i < 4; i++) {
      const info = await fetch(`${base}/api/yuan-user/info`, {
        headers: { 'blade-auth': `bearer ${token}` },
      });
      expect(info.status).toBe(200);
    }
    await sleep(300);
    // Turn by turn: each node answered half of the calls, and a token from one node is good on the other.
    expect(servedBy(output, '/api/health')).toEqual({ 'node 1': 3, 'node 2': 3 });
    expect(servedBy(output, '/api/yuan-user/info')).toEqual({ 'node 1': 2, 'node 2': 2 });

    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await allGone([...nodes, anvil, postmaster], 5_000)).toBeLessThan(5_000);
    expect(Date.now() - signalled).toBeLessThan(30_000);
    // The nodes stopped (each says so) before the cluster went on to the chain and the database.
    const lines = output.split('\n');
    const nodeStops = lines.flatMap((line, i) => (/^\[node \d\] .*"msg":"stopped"/.test(line) ? [i] : []));
    const clusterStop = lines.findIndex((line) => line.startsWith('{') && line.includes('"msg":"stopped"'));
    expect(nodeStops).toHaveLength(2);
    expect(clusterStop).toBeGreaterThan(Math.max(...nodeStops));
  });
});
