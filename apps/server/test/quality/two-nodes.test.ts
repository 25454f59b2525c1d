import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowcodeModule } from '../../src/modules/lowcode/index.ts';
import { userModule } from '../../src/modules/user/index.ts';
import { testNodes } from '../cluster-app.ts';
import { createTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
/** Calls the first node's socket took (none when calls are injected in-process). */
let firstServed = 0;

beforeAll(async () => {
  t = await createTestApp({}, [userModule, lowcodeModule]);
  t.app.server.on('request', () => {
    firstServed++;
  });
});
afterAll(() => t.close());

// Runs in both server projects: one app without a socket, and (TEST_NODES=2) two nodes behind the proxy, which the
// isolation and auth suites then run against too.
describe(`the test app as ${testNodes()} node(s)`, () => {
  it('sends the calls of a suite to every node in turn, or keeps them in-process', async () => {
    const before = firstServed;
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    }
    // Six answers, half of them from the first node's socket: the other half came from the second node.
    expect(firstServed - before).toBe(testNodes() === 2 ? 3 : 0);
  });

  it('accepts a token signed in on one node on the other', async () => {
    const token = (await t.login()).access_token;
    const before = firstServed;
    for (let i = 0; i < 4; i++) {
      const res = await t.call('GET', '/api/yuan-user/info', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.account).toBe('admin');
    }
    expect(firstServed - before).toBe(testNodes() === 2 ? 2 : 0);
  });

  it('serves an entity from every node at the version its table was last synced to, on whichever node', async () => {
    const token = (await t.login()).access_token;
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await t.call(method, `/api/yuan-api${url}`, token, body);
      expect(res.json(), url).toMatchObject({ success: true });
      return res.json().data;
    };
    const definition = { entNo: 'node_notes', entName: 'Notes', remark: '' };
    const title = { eleNo: 'title', eleName: 'Title', dataTyp: 'string' };
    const { id } = await call('POST', '/dtentity/saveOrUpdate', { ...definition, elements: [title] });
    await call('POST', '/dtentity/syncEntityDataBaseTable', { id, apply: true });
    const row = await call('POST', '/dtentity/saveOrUpdateData', { entId: id, data: { title: 'first' } });
    const detail = `/dtentity/data/detail?entId=${id}&id=${row.id}`;
    // Both nodes read the entity (and keep its synced version).
    for (let i = 0; i < 2; i++) {
      expect(Object.keys(await call('GET', detail))).not.toContain('qty');
    }
    const { dtElements } = await call('GET', `/dtentity/getDetail?id=${id}`);
    const qty = { eleNo: 'qty', eleName: 'Qty', dataTyp: 'int' };
    await call('POST', '/dtentity/saveOrUpdate', { ...definition, id, elements: [...dtElements, qty] });
    await call('POST', '/dtentity/syncEntityDataBaseTable', { id, apply: true });
    // The node that synced it dropped the old version before it answered; the other hears of it over the bus once
    // the sync has committed (milliseconds): two calls in a row, one on each node, both read the new field.
    const both = async () => [await call('GET', detail), await call('GET', detail)];
    await expect
      .poll(async () => (await both()).every((r) => r.title === 'first' && r.qty === null), {
        timeout: 5_000,
        interval: 20,
      })
      .toBe(true);
    for (let i = 1; i < 5; i++) {
      await call('POST', '/dtentity/saveOrUpdateData', {
        entId: id,
        data: { id: row.id, title: 'first', qty: i },
      });
      expect(await call('GET', detail)).toMatchObject({ qty: i });
    }
  });
});
