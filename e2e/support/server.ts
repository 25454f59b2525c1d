import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../../apps/server/test/loopback.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN_PASSWORD = 'E2e@Admin123456';

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server did not answer /api/health within ${timeoutMs} ms\n${output()}`);
}

/**
 * The server stops its embedded PostgreSQL as it exits; one it could not stop (it was killed) is asked to shut down
 * here, before its folder goes.
 */
async function stopDatabase(dataDir: string) {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) {
    return;
  }
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const until = Date.now() + 10_000;
  while (existsSync(pidFile) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts the real server on a free port with a fresh data directory and waits for /api/health. */
export async function startServer(env: Record<string, string> = {}, port?: number): Promise<RunningServer> {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run "npm run build" before the browser tests');
  }
  port ??= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'yuan-e2e-'));
  // The server's embedded PostgreSQL runs as the postgres user when the tests run as root: it must reach the folder.
  chmodSync(dataDir, 0o755);
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  let log = '';
  const child = spawn(tsx, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_MODE: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      // The server runs in its own process group (tsx starts a child node); end the whole group.
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    await stopDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => log, 150_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
