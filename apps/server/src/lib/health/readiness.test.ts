import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { message } from '@yuan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sql } from '../../db/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
});
afterAll(() => t.close());

const ready = async (app = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, body: res.json() };
};

/** A loopback server answering every request with `status` and `body`. */
async function node(status: number, body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('GET /api/ready', () => {
  it('answers 200 without a token when the database answers and has every migration', async () => {
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      code: 200,
      success: true,
      data: { ready: true, checks: { database: { ok: true } } },
    });
    // No chain node is configured here, so none is checked.
    expect(body.data.checks).not.toHaveProperty('chain');
  });

  it('answers 503, naming the first migration missing, while the database lacks one', async () => {
    const [last] = (
      await sql<{ name: string }>`SELECT name FROM yuan_migration ORDER BY name DESC LIMIT 1`.execute(
        t.database.root,
      )
    ).rows;
    expect(last).toBeDefined();
    await sql`DELETE FROM yuan_migration WHERE name = ${last?.name}`.execute(t.database.root);
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body).toMatchObject({
        code: 503,
        success: false,
        msg: message('zh', 'app.notReady'),
        data: { ready: false },
      });
      expect(body.data.checks.database).toEqual({
        ok: false,
        detail: `1 migrations not applied, from ${last?.name}`,
      });
    } finally {
      await sql`INSERT INTO yuan_migration (name) VALUES (${last?.name})`.execute(t.database.root);
    }
    expect((await ready()).status).toBe(200);
  });

  it('checks the configured chain node: ready when it answers a block number, 503 when it fails or is gone', async () => {
    const good = await node(200, JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x10' }));
    const bad = await node(500, 'oops');
    const apps = await Promise.all(
      [good.url, bad.url, 'http://127.0.0.1:9'].map((url) => createTestApp({ CHAIN_RPC_URL: url }, [])),
    );
    try {
      const [up, failing, gone] = await Promise.all(apps.map((a) => ready(a.app)));
      expect(up?.status).toBe(200);
      expect(up?.body.data.checks.chain).toEqual({ ok: true });
      expect(failing?.status).toBe(503);
      expect(failing?.body.data.checks).toMatchObject({
        database: { ok: true },
        chain: { ok: false, detail: 'the chain node answered 500' },
      });
      expect(gone?.status).toBe(503);
      expect(gone?.body.data.checks.chain.ok).toBe(false);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      good.server.close();
      bad.server.close();
    }
  });
});
