import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serverPort, TEST_HOST } from '../loopback.ts';
import { alive } from './pids.ts';

/** The repository's root, where `npm start` runs. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const PASSWORD = 'Admin@123456';
const CLIENT = `Basic ${Buffer.from('yuan-web:yuan-web-secret').toString('base64')}`;
/** A first start initialises the embedded database: slow on a busy machine. */
const UP_MS = 180_000;

export interface ServerProcess {
  /** The process the test started: `npm` or the launcher (which is the server). */
  child: ChildProcess;
  pid: number;
  base: string;
  dataDir: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts the server the way an operator does, on `dataDir`: `npm start`, or the launcher it runs
 * (`node scripts/start.mjs`), without the web build (START_BUILD=never; the API is what is tested), always on the
 * embedded database, in a process group of its own; the launcher on `node` (this test's own by default). Does not
 * wait for it to answer (see `startServer`).
 */
export function spawnServer(
  how: 'npm' | 'launcher',
  dataDir: string,
  port: number,
  more: Record<string, string> = {},
  node = process.execPath,
) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    START_BUILD: 'never',
    PORT: String(port),
    HOST: TEST_HOST,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    CAPTCHA_MODE: 'off',
    LOG_LEVEL: 'warn',
    ...more,
  };
  delete env.DATABASE_URL;
  // Only npm's own start should look like an npm script to the server.
  for (const name of Object.keys(env).filter((n) => n.startsWith('npm_'))) {
    delete env[name];
  }
  const [command, args] = how === 'npm' ? ['npm', ['start']] : [node, ['scripts/start.mjs']];
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    pid: child.pid as number,
    base: `http://${TEST_HOST}:${port}`,
    dataDir,
    exited,
    output: () => text,
  };
  return server;
}

/** Spawns the server (see `spawnServer`) and resolves once /api/health answers. */
export async function startServer(
  how: 'npm' | 'launcher',
  dataDir: string,
  more: Record<string, string> = {},
  node = process.execPath,
): Promise<ServerProcess> {
  const server = spawnServer(how, dataDir, await serverPort(), more, node);
  const { child } = server;
  for (const until = Date.now() + UP_MS; ; await sleep(250)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server ended before it answered:\n${server.output()}`);
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${UP_MS} ms:\n${server.output()}`);
    }
    const health = await fetch(`${server.base}/api/health`).catch(() => undefined);
    if (health?.ok) {
      return server;
    }
  }
}

/** Sends `signal` and waits for the process to end; answers how it ended and how long it took. */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  withinMs = 30_000,
) {
  const sent = Date.now();
  server.child.kill(signal);
  const timer = sleep(withinMs).then(() => 'late' as const);
  const ended = await Promise.race([server.exited, timer]);
  if (ended === 'late') {
    server.child.kill('SIGKILL');
    throw new Error(`still running ${withinMs} ms after ${signal}:\n${server.output()}`);
  }
  return { ...ended, ms: Date.now() - sent };
}

/** Waits until none of `pids` runs; answers how long that took (Infinity if some still run after `withinMs`). */
export async function allGone(pids: number[], withinMs: number): Promise<number> {
  const since = Date.now();
  while (pids.some(alive)) {
    if (Date.now() - since > withinMs) {
      return Number.POSITIVE_INFINITY;
    }
    await sleep(50);
  }
  return Date.now() - since;
}

export async function login(base: string): Promise<string> {
  const q = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: PASSWORD,
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`${base}/api/yuan-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: CLIENT },
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) {
    throw new Error(`login failed: ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

/** A call of the API; throws unless it answers a successful envelope. */
export async function api<T>(
  base: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/api/yuan-api${path}`, {
    method,
    headers: {
      'blade-auth': `bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { success: boolean; data: T; msg: string };
  if (!json.success) {
    throw new Error(`${path}: ${res.status} ${json.msg}`);
  }
  return json.data;
}
