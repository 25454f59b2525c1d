import { createServer, type Server, type Socket } from 'node:net';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/loopback.ts';
import { useOwnPostgres } from '../../test/own-postgres.ts';
import { type Database, migrate, openDatabase } from './index.ts';
import { type PgConnection, PgPoolDriver, SUITS } from './pg-driver.ts';

// The pool on a PostgreSQL server of this file's own, whichever database the suite runs on: its sessions are
// ended from outside while the pool does not know yet.
const server = useOwnPostgres();
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ url: server().url });
  await migrate(database);
  await database.root
    .insertInto('yuan_tenant')
    .values({ id: '7201', tenant_id: '200002', tenant_name: 'D' })
    .execute();
}, 60_000);
afterAll(() => database.close());

const pool = (max: number, more: { waitMs?: number; connectMs?: number; url?: string } = {}) =>
  new PgPoolDriver({ connectionString: more.url ?? server().url, max, ...more });
const pidOf = async (c: PgConnection) =>
  (await c.executeQuery<{ pid: number }>(CompiledQuery.raw('SELECT pg_backend_pid() AS pid'))).rows[0]?.pid;
const paramCount = async (key: string) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM yuan_param WHERE param_key = ${key}`.execute(
        database.root,
      )
    ).rows[0]?.n,
  );
const insertParam = (key: string) =>
  database.db
    .insertInto('yuan_param')
    .values({
      id: String(Date.now()),
      tenant_id: '000000',
      param_key: key,
      param_name: key,
      param_value: 'v',
    })
    .execute();

/**
 * Ends every session of the app's database while this process is blocked, and waits until the server has closed
 * them: the pool still holds them as idle and learns of it only when it uses one.
 */
const endSessionsUnheard = () => {
  const others = "datname = 'yuan' AND pid <> pg_backend_pid()";
  server().psql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${others}`);
  while (server().psql(`SELECT count(*) FROM pg_stat_activity WHERE ${others}`).trim() !== '0') {
    // psql is synchronous: the event loop stays blocked.
  }
};

describe('the PostgreSQL pool', () => {
  const pidIn = (tenantId: string, pause = 0) =>
    database.run({ tenantId }, async () => {
      const row = (
        await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(${pause})`.execute(database.db)
      ).rows[0];
      return row?.pid;
    });

  it('lends a unit the idle connection that already carries its tenant', async () => {
    // Two units at once leave two idle connections, one carrying each tenant.
    const [a, b] = await Promise.all([pidIn('000000', 0.05), pidIn('200002', 0.05)]);
    expect(a).not.toBe(b);
    // Most-recently-freed-first alone would answer the same connection four times.
    expect(await pidIn('200002')).toBe(b);
    expect(await pidIn('000000')).toBe(a);
    expect(await pidIn('200002')).toBe(b);
    expect(await pidIn('000000')).toBe(a);
  });

  it('a freed connection goes to a waiter it suits, and a waiter passed over too often is served next', async () => {
    const driver = pool(1);
    const held = await driver.acquireConnection();
    const order: string[] = [];
    const first = driver
      .acquireConnection(() => 0)
      .then((c) => {
        order.push('first');
        return c;
      });
    const suited = driver
      .acquireConnection((c) => (c === held ? SUITS : 0))
      .then((c) => {
        order.push('suited');
        return c;
      });
    await driver.releaseConnection(held);
    expect(await suited).toBe(held);
    await driver.releaseConnection(held);
    expect(await first).toBe(held);
    expect(order).toEqual(['suited', 'first']);

    // Five suited callers arrive behind one unsuited: it is passed over four times, then served.
    const late: string[] = [];
    const unsuited = driver.acquireConnection(() => 0).then(() => late.push('unsuited'));
    const others = Array.from({ length: 5 }, (_, i) =>
      driver.acquireConnection((c) => (c === held ? SUITS : 0)).then(() => late.push(`suited ${i}`)),
    );
    for (let i = 0; i < 6; i++) {
      await driver.releaseConnection(held);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all([unsuited, ...others]);
    expect(late).toEqual(['suited 0', 'suited 1', 'suited 2', 'suited 3', 'unsuited', 'suited 4']);
    await driver.releaseConnection(held);
    await driver.destroy();
  });

  it('a statement on a session the server ended fails as unavailable, and the next caller gets a new one', async () => {
    const driver = pool(1);
    const first = (await driver.acquireConnection()) as PgConnection;
    const pid = await pidOf(first);
    server().psql(`SELECT pg_terminate_backend(${pid})`);
    await expect(first.executeQuery(CompiledQuery.raw('SELECT 1'))).rejects.toMatchObject({
      status: 503,
      key: 'db.unavailable',
      reason: 'lost',
    });
    await driver.releaseConnection(first);
    const second = await driver.acquireConnection();
    expect(second).not.toBe(first);
    const answer = await second.executeQuery<{ one: number }>(CompiledQuery.raw('SELECT 1 AS one'));
    expect(answer.rows).toEqual([{ one: 1 }]);
    await driver.releaseConnection(second);
    await driver.destroy();
  });

  it('an idle connection whose session ends leaves the pool then, not when it is next lent', async () => {
    const driver = pool(2);
    const idle = (await driver.acquireConnection()) as PgConnection;
    const pid = await pidOf(idle);
    await driver.releaseConnection(idle);
    server().psql(`SELECT pg_terminate_backend(${pid})`);
    for (let i = 0; i < 200 && !idle.broken; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(idle.broken).toBe(true);
    const next = (await driver.acquireConnection()) as PgConnection;
    expect(next).not.toBe(idle);
    expect(await pidOf(next)).not.toBe(pid);
    await driver.releaseConnection(next);
    await driver.destroy();
  });

  it('a caller that finds no connection free within the wait limit is answered busy', async () => {
    const driver = pool(1, { waitMs: 300 });
    const held = await driver.acquireConnection();
    const started = performance.now();
    await expect(driver.acquireConnection()).rejects.toMatchObject({
      status: 503,
      key: 'db.busy',
      reason: 'wait',
    });
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(3_000);
    // The one that gave up is no longer in line: the freed connection goes to the next caller.
    await driver.releaseConnection(held);
    expect(await driver.acquireConnection()).toBe(held);
    await driver.releaseConnection(held);
    await driver.destroy();
  });

  it('a server that takes the connection but never answers fails the connect within the timeout', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const driver = pool(1, { connectMs: 300, url: `postgres://yuan@127.0.0.1:${port}/yuan` });
    for (let i = 0; i < 2; i++) {
      // The second is not answered "busy": the failed connect gave its place back.
      const started = performance.now();
      await expect(driver.acquireConnection()).rejects.toMatchObject({
        status: 503,
        key: 'db.unavailable',
        reason: 'connect',
      });
      expect(performance.now() - started).toBeLessThan(3_000);
    }
    await driver.destroy();
    for (const socket of sockets) {
      socket.destroy();
    }
    await new Promise((resolve) => silent.close(resolve));

    // Nobody listening: refused at once.
    const closed = pool(1, { url: `postgres://yuan@127.0.0.1:${await freePort()}/yuan` });
    await expect(closed.acquireConnection()).rejects.toMatchObject({ reason: 'connect' });
    await closed.destroy();
  });

  it("a unit's first statement on a session ended unheard runs once on a new session", async () => {
    const key = 'pool.retry.first';
    // Every idle session of the pool is ended, and the pool has not read a byte of it.
    await Promise.all([pidIn('000000', 0.05), pidIn('200002', 0.05)]);
    endSessionsUnheard();
    await database.run({ tenantId: '000000' }, () => insertParam(key));
    expect(await paramCount(key)).toBe(1);
    endSessionsUnheard();
    expect(await pidIn('000000')).toBeGreaterThan(0);
  });

  it('a later statement of a unit whose session was lost is not sent again: the unit fails as unavailable', async () => {
    const key = 'pool.retry.later';
    const unit = database.run({ tenantId: '000000' }, async () => {
      const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db)).rows[0]
        ?.pid;
      server().psql(`SELECT pg_terminate_backend(${pid})`);
      await insertParam(key);
    });
    await expect(unit).rejects.toMatchObject({ status: 503, key: 'db.unavailable', reason: 'lost' });
    expect(await paramCount(key)).toBe(0);
  });

  it("every session starts with a small trigram pending list, beside the address's own options", async () => {
    const show = async (driver: PgPoolDriver) => {
      const c = await driver.acquireConnection();
      const text = 'SELECT current_setting($1) AS limit, current_setting($2) AS memory';
      const params = ['gin_pending_list_limit', 'work_mem'];
      const rows = (await c.executeQuery<{ limit: string; memory: string }>(CompiledQuery.raw(text, params)))
        .rows;
      await driver.releaseConnection(c);
      await driver.destroy();
      return rows[0];
    };
    expect(await show(pool(1))).toMatchObject({ limit: '256kB', memory: '4MB' });
    const url = new URL(server().url);
    url.searchParams.set('options', '-c work_mem=5MB');
    expect(await show(pool(1, { url: url.toString() }))).toEqual({ limit: '256kB', memory: '5MB' });
  });

  it('after a server restart every call succeeds', async () => {
    await Promise.all([pidIn('000000', 0.05), pidIn('200002', 0.05), pidIn('000000', 0.05)]);
    await server().restart();
    const pids = [];
    for (let i = 0; i < 20; i++) {
      pids.push(await pidIn(i % 2 ? '000000' : '200002'));
    }
    expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
  });
});
