import { message } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { type Database, migrate, openDatabase } from '../../src/db/index.ts';
import { CHECK_EVERY_MS } from '../../src/db/pg-connection.ts';
import { runSeed } from '../../src/db/seed/index.ts';
import { systemModule } from '../../src/modules/system/index.ts';
import { testConfig } from '../env.ts';
import { signIn } from '../harness.ts';
import { useOwnPostgres } from '../own-postgres.ts';

/**
 * The app on a PostgreSQL server of the test's own, which stops answering (SIGSTOP of the server and its
 * processes: sockets stay open, nothing fails) and is restarted under the app. Stalled, a call used to hang for
 * as long as the server did; after a restart, half the first calls failed on sessions the server had ended.
 */
const server = useOwnPostgres();
// A small pool and short limits, so a stall is seen in seconds; the defaults are 10, 5 s and 3 s.
const LIMITS = { DB_POOL_MAX: '4', DB_POOL_WAIT_MS: '3000', DB_CONNECT_TIMEOUT_MS: '2000' };
// Timers on a busy two-core machine fire late, never early: upper bounds carry seconds of room.
const ROOM_MS = 3_000;

let config: Config;
let database: Database;
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  config = testConfig(LIMITS);
  database = await openDatabase({ url: server().url, pool: config.pool });
  await migrate(database);
  await runSeed(database, config);
  app = await buildApp({ config, database, logger: false, modules: [systemModule] });
  await app.ready();
  token = (await signIn(app)).access_token;
}, 120_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

/** A list call that reads the database, end to end (auth, permissions, route, envelope), and how long it took. */
const list = async () => {
  const started = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: '/api/yuan-system/param/list?current=1&size=10',
    headers: { 'blade-auth': `bearer ${token}` },
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string },
    ms: performance.now() - started,
  };
};
const burst = (n: number) => Promise.all(Array.from({ length: n }, list));

describe('a stalled or restarted database', () => {
  it('answers 503 within the limits while the database is stalled, and serves again once it resumes', async () => {
    // Every session of the pool open and idle: the stalled server will not answer them.
    expect((await burst(8)).map((r) => r.status)).toEqual(Array(8).fill(200));
    const { waitMs, connectMs } = config.pool;
    expect(CHECK_EVERY_MS + connectMs).toBeLessThanOrEqual(waitMs);
    const unavailable = [message('zh', 'db.busy'), message('zh', 'db.unavailable')];
    server().stall();
    try {
      // More callers than sessions: some get a session and send, some open new ones, the rest wait.
      const stalled = [...(await burst(10)), ...(await burst(3))];
      for (const call of stalled) {
        expect(call.status).toBe(503);
        expect(call.body.code).toBe(503);
        expect(unavailable).toContain(call.body.msg);
        // The wait limit bounds them all: a connect, or a statement's liveness check (a second without an answer,
        // then a connect and SELECT 1), takes no longer.
        expect(call.ms).toBeLessThan(waitMs + ROOM_MS);
      }
      expect(stalled.some((c) => c.body.msg === message('zh', 'db.busy'))).toBe(true);
    } finally {
      server().resume();
    }
    const resumed = await burst(10);
    expect(resumed.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('after a restart no call fails once the server is back', async () => {
    expect((await burst(8)).map((r) => r.status)).toEqual(Array(8).fill(200));
    await server().restart();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await list()).status);
    }
    statuses.push(...(await burst(10)).map((r) => r.status));
    expect(statuses).toEqual(Array(40).fill(200));
  });

  it('reports not ready within 2 s of the database stalling, and ready again within 15 s of its return', async () => {
    const ready = async () => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      return { status: res.statusCode, ms: performance.now() - started };
    };
    expect((await ready()).status).toBe(200);
    server().stall();
    let resumedAt = 0;
    try {
      const during = await Promise.all([ready(), ready(), ready()]);
      for (const probe of during) {
        expect(probe.status).toBe(503);
        // The check gives up after CHECK_MS (1.5 s); the room is for timers on a busy machine.
        expect(probe.ms).toBeLessThan(2_000 + ROOM_MS);
      }
    } finally {
      server().resume();
      resumedAt = performance.now();
    }
    let status = 0;
    while (status !== 200 && performance.now() - resumedAt < 15_000) {
      status = (await ready()).status;
    }
    expect(status).toBe(200);
    expect(performance.now() - resumedAt).toBeLessThan(15_000);
  });
});
