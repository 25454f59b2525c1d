import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from './loopback.ts';

const BINARY = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/**
 * Whether the Redis tests can run: `.ci/run` installs redis-server, so in CI a missing one is a failure, not a
 * skip; elsewhere they run when it is installed (Debian package `redis-server`).
 */
export function redisAvailable(): boolean {
  if (existsSync(BINARY)) {
    return true;
  }
  if (process.env.CI) {
    throw new Error(`${BINARY} is missing: CI installs redis-server for the web chat's Redis fan-out tests`);
  }
  return false;
}

export interface TestRedis {
  /** redis://:password@127.0.0.1:port/db */
  url: string;
  /** Cuts every client's connection, as a network failure or a Redis restart would. */
  dropClients(): Promise<void>;
  close(): Promise<void>;
}

/** A throw-away Redis on a loopback port, with a password and no persistence. */
export async function startRedis(password: string, db = 1): Promise<TestRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    BINARY,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--requirepass',
      password,
    ],
    { stdio: 'ignore' },
  );
  const url = `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;
  const admin = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  admin.on('error', () => undefined);
  const started = Date.now();
  for (;;) {
    try {
      await admin.connect();
      await admin.ping();
      break;
    } catch (error) {
      admin.disconnect();
      if (Date.now() - started > 10_000) {
        child.kill('SIGKILL');
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async dropClients() {
      await admin.client('KILL', 'SKIPME', 'yes');
    },
    async close() {
      admin.disconnect();
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
