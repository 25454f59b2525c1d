import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { PgPoolDriver, SUITS } from './pg-driver.ts';

// The pool serves PostgreSQL only (PGlite is one connection): this file runs in the PostgreSQL suite only
// (see vitest.config.ts).
const url = process.env.DATABASE_URL;

describe('the PostgreSQL pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.root
      .insertInto('yuan_tenant')
      .values({ id: '7201', tenant_id: '200002', tenant_name: 'D' })
      .execute();
  });
  afterAll(() => t.close());

  const pidIn = (tenantId: string, pause = 0) =>
    t.database.run({ tenantId }, async () => {
      const row = (
        await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(${pause})`.execute(t.database.db)
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
    const driver = new PgPoolDriver({ connectionString: url, max: 1 });
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

  it('drops a connection the server ended and lends a working one next', async () => {
    const driver = new PgPoolDriver({ connectionString: url, max: 1 });
    const first = await driver.acquireConnection();
    const pid = (
      await first.executeQuery<{ pid: number }>(CompiledQuery.raw('SELECT pg_backend_pid() AS pid'))
    ).rows[0]?.pid;
    await sql`SELECT pg_terminate_backend(${pid})`.execute(t.database.root);
    await expect(first.executeQuery(CompiledQuery.raw('SELECT 1'))).rejects.toBeTruthy();
    await driver.releaseConnection(first);
    const second = await driver.acquireConnection();
    expect(second).not.toBe(first);
    const answer = await second.executeQuery<{ one: number }>(CompiledQuery.raw('SELECT 1 AS one'));
    expect(answer.rows).toEqual([{ one: 1 }]);
    await driver.releaseConnection(second);
    await driver.destroy();
  });
});
