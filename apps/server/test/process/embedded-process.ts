import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, basic } from '../env.ts';
import { TEST_HOST } from '../loopback.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** A throw-away DATA_DIR the embedded server (run as `postgres` when the tests run as root) can reach. */
export function tempDataDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yuan-process-')));
  chmodSync(dir, 0o755);
  return dir;
}

/** The real server as its own process (`node --import tsx src/main.ts`), on the embedded database. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has ended. */
  exited: Promise<number | string>;
  /** Answers /api/health within `ms`? */
  healthy(ms?: number): Promise<boolean>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): ServerProcess {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: TEST_HOST,
    ADMIN_PASSWORD,
    CAPTCHA_MODE: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST: join(tmpdir(), 'yuan-no-web-dist'),
    ...env,
  };
  // The embedded server is what these tests are about, whichever server the rest of the suite uses.
  delete environment.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  const url = `http://${TEST_HOST}:${port}`;
  const healthy = async (ms = 1_000) => {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(ms) });
      return res.ok;
    } catch {
      return false;
    }
  };
  return {
    url,
    child,
    output: () => text,
    exited,
    healthy,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
      }
      return exited;
    },
  };
}

/** Waits until the server answers /api/health; throws with its output if it exits or takes longer than `ms`. */
export async function untilHealthy(server: ServerProcess, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  while (Date.now() < until) {
    if (ended) {
      throw new Error(`the server exited before it served:\n${server.output()}`);
    }
    if (await server.healthy()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health within ${ms} ms:\n${server.output()}`);
}

/** Signs in as a tenant's admin (password grant) and returns the access token. */
export async function signIn(url: string, tenantId = '000000'): Promise<string> {
  const query = new URLSearchParams({
    tenantId,
    username: 'admin',
    password: ADMIN_PASSWORD,
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`${url}/api/yuan-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: basic() },
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) {
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

/** A call with a token: the envelope's data, or a throw with the status and body. */
export async function api<T>(url: string, token: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'blade-auth': `bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await res.json()) as { success: boolean; data: T };
  if (res.status !== 200 || !envelope.success) {
    throw new Error(`${path}: ${res.status} ${JSON.stringify(envelope)}`);
  }
  return envelope.data;
}

/** The embedded server's superuser URL of DATA_DIR's cluster (socket and generated password), at `database`. */
export function clusterUrl(dataDir: string, database = 'yuan'): string {
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@localhost:5432/${database}?host=${encodeURIComponent(
    join(dataDir, 'pg'),
  )}`;
}
