import { createServer } from 'node:net';
import { CompiledQuery } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { useOwnPostgres } from '../../test/own-postgres.ts';
import { type PgConnection, PgPoolDriver } from './pg-driver.ts';

// A server that stops answering (SIGSTOP keeps its sockets open: nothing fails, nothing answers) is this file's
// own, so the suite's database is never touched.
const server = useOwnPostgres();
const drivers: PgPoolDriver[] = [];
afterAll(async () => {
  await Promise.all(drivers.map((d) => d.destroy()));
});

const pool = (limits: { max: number; waitMs?: number; connectMs?: number; answerMs?: number }) => {
  const driver = new PgPoolDriver({ connectionString: server().url, ...limits });
  drivers.push(driver);
  return driver;
};
const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  try {
    await work();
    return { ms: performance.now() - started, error: undefined };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
};
const one = (driver: PgPoolDriver) =>
  timed(async () => {
    const c = await driver.acquireConnection();
    try {
      await c.executeQuery(CompiledQuery.raw('SELECT 1'));
    } finally {
      await driver.releaseConnection(c);
    }
  });
const pidOf = async (c: PgConnection) =>
  (await c.executeQuery<{ pid: number }>(CompiledQuery.raw('SELECT pg_backend_pid() AS pid'))).rows[0]?.pid ??
  0;

// Timers on a busy two-core machine fire late, never early: upper bounds carry seconds of room.
const ROOM_MS = 3_000;

describe('a stalled server', () => {
  it('callers are answered 503 within the limits instead of waiting for it, and served again once it resumes', async () => {
    const limits = { max: 2, waitMs: 1_000, connectMs: 1_000 };
    const driver = pool(limits);
    // Two idle sessions that the stalled server will not answer.
    const [a, b] = [await driver.acquireConnection(), await driver.acquireConnection()];
    await driver.releaseConnection(a);
    await driver.releaseConnection(b);
    server().stall();
    try {
      // Two callers get the idle sessions, the third waits for one of them.
      const [first, second, third] = await Promise.all([one(driver), one(driver), one(driver)]);
      // Statements sent: given up when the server fails the liveness check (1 s without an answer + the check).
      for (const lent of [first, second]) {
        expect(lent.error).toMatchObject({ status: 503, key: 'db.unavailable', reason: 'silent' });
        expect(lent.ms).toBeLessThan(1_000 + limits.connectMs + ROOM_MS);
      }
      expect(third.error).toMatchObject({ status: 503, key: 'db.busy', reason: 'wait' });
      expect(third.ms).toBeGreaterThanOrEqual(limits.waitMs - 10);
      expect(third.ms).toBeLessThan(limits.waitMs + ROOM_MS);
      // The given-up sessions left the pool: a new caller opens one, which the server does not answer either.
      const fourth = await one(driver);
      expect(fourth.error).toMatchObject({ status: 503, key: 'db.unavailable', reason: 'connect' });
      expect(fourth.ms).toBeLessThan(limits.connectMs + ROOM_MS);
    } finally {
      server().resume();
    }
    const after = await one(driver);
    expect(after.error).toBeUndefined();
  });

  it('a statement stuck on one session while the server answers others is given up after the answer limit', async () => {
    const driver = pool({ max: 2, answerMs: 1_500 });
    const c = (await driver.acquireConnection()) as PgConnection;
    const pid = await pidOf(c);
    process.kill(pid, 'SIGSTOP');
    try {
      const stuck = await timed(() => c.executeQuery(CompiledQuery.raw('SELECT 1')));
      expect(stuck.error).toMatchObject({ status: 503, reason: 'silent' });
      expect(stuck.ms).toBeGreaterThanOrEqual(1_490);
      expect(stuck.ms).toBeLessThan(1_500 + 1_000 + ROOM_MS);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(c.broken).toBe(true);
    await driver.releaseConnection(c);
    expect((await one(driver)).error).toBeUndefined();
  });

  it('work without the statement timeout is not given up while the server answers', async () => {
    const driver = pool({ max: 1, answerMs: 300 });
    const c = (await driver.acquireConnection()) as PgConnection;
    const long = await c.executeAfter<{ done: string }>(
      [],
      CompiledQuery.raw("SELECT pg_sleep(1.5), 'yes' AS done"),
      false,
    );
    expect(long.rows[0]?.done).toBe('yes');
    await driver.releaseConnection(c);
  });

  it('a full server is not taken for a stalled one: it refuses new sessions, but it answers', async () => {
    // What PostgreSQL answers a start-up when max_connections are taken: ErrorResponse FATAL 53300, then it closes.
    const field = (type: string, value: string) => Buffer.from(`${type}${value}\0`);
    const body = Buffer.concat([
      field('S', 'FATAL'),
      field('V', 'FATAL'),
      field('C', '53300'),
      field('M', 'sorry, too many clients already'),
      Buffer.from([0]),
    ]);
    const length = Buffer.alloc(4);
    length.writeInt32BE(body.length + 4);
    const full = createServer((socket) => {
      socket.once('data', () => socket.end(Buffer.concat([Buffer.from('E'), length, body])));
    });
    await new Promise<void>((resolve) => full.listen(0, '127.0.0.1', resolve));
    const address = full.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const driver = new PgPoolDriver({ connectionString: `postgres://yuan@127.0.0.1:${port}/yuan`, max: 1 });
    drivers.push(driver);
    await expect(driver.acquireConnection()).rejects.toMatchObject({ status: 503, reason: 'connect' });
    expect(await driver.alive()).toBe(true);
    await new Promise((resolve) => full.close(resolve));
  });
});
