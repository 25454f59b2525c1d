import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoTenants } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lowcodeModule } from '../lowcode/index.ts';
import { userModule } from '../user/index.ts';
import { revisionModule } from './index.ts';

let t: TestApp;
let token: string;
const PARAM = '/api/yuan-system/param';

beforeAll(async () => {
  t = await createTestApp({}, [userModule, lowcodeModule, revisionModule]);
  token = (await t.login()).access_token;
});
afterAll(() => t.close());

interface Revision {
  id: string;
  action: string;
  changes: { field: string; before?: unknown; after?: unknown }[];
}

const submit = (body: object, tok = token) => t.call('POST', `${PARAM}/submit`, tok, body);
const restore = (id: string, tok = token) => t.call('POST', '/api/yuan-api/revision/restore', tok, { id });
const history = async (resource: string, id: string): Promise<Revision[]> =>
  (await t.call('GET', `/api/yuan-api/revision/list?resource=${resource}&id=${id}&size=50`, token)).json()
    .data.records;
const param = async (id: string) => (await t.call('GET', `${PARAM}/detail?id=${id}`, token)).json().data;
const api = async (url: string, body: object) => {
  const res = await t.call('POST', `/api/yuan-api${url}`, token, body);
  expect(res.json().success, res.body).toBe(true);
  return res.json().data;
};

describe('restoring a revision', () => {
  it('brings back the state a revision left, as a new change with its own revision', async () => {
    const id = (await submit({ paramName: 'Theme', paramKey: 'restore.theme', paramValue: 'light' })).json()
      .data.id as string;
    await submit({ id, paramName: 'Theme', paramKey: 'restore.theme', paramValue: 'dark' });
    await submit({ id, paramName: 'Colour theme', paramKey: 'restore.theme', paramValue: 'blue' });
    const [second, first] = await history('param', id);
    expect(first?.changes).toEqual([{ field: 'paramValue', before: 'light', after: 'dark' }]);
    expect(second?.changes).toHaveLength(2);

    const restored = await restore(first?.id as string);
    expect(restored.json(), restored.body).toMatchObject({ success: true, data: { id, changed: true } });
    expect(await param(id)).toMatchObject({ paramName: 'Theme', paramValue: 'dark' });
    const [third] = await history('param', id);
    expect(third?.action).toBe('update');
    expect(third?.changes).toEqual([
      { field: 'paramName', before: 'Colour theme', after: 'Theme' },
      { field: 'paramValue', before: 'blue', after: 'dark' },
    ]);
    // The row is already in that state: nothing is written, no revision added.
    expect((await restore(third?.id as string)).json().data).toEqual({ id, changed: false });
    expect(await history('param', id)).toHaveLength(4);
  });

  it('refuses a value that is now taken, naming the field, and changes nothing', async () => {
    const id = (await submit({ paramName: 'Key', paramKey: 'restore.old', paramValue: 'v' })).json().data.id;
    await submit({ id, paramName: 'Key', paramKey: 'restore.new', paramValue: 'v' });
    await submit({ paramName: 'Other', paramKey: 'restore.old', paramValue: 'w' });
    const created = (await history('param', id)).at(-1) as Revision;
    const refused = await restore(created.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('参数键名“restore.old”已存在');
    expect((await param(id)).paramKey).toBe('restore.new');
    expect(await history('param', id)).toHaveLength(2);
  });

  it('refuses a field the entity no longer has, a reference to a removed row, and a removed row', async () => {
    const customers = await api('/dtentity/saveOrUpdate', {
      entNo: 'restore_customer',
      entName: 'Customer',
      elements: [{ eleNo: 'name', eleName: 'Name', dataTyp: 'string' }],
    });
    await api('/dtentity/syncEntityDataBaseTable', { id: customers.id, apply: true });
    const ann = await api('/dtentity/saveOrUpdateData', { entId: customers.id, data: { name: 'Ann' } });
    const bob = await api('/dtentity/saveOrUpdateData', { entId: customers.id, data: { name: 'Bob' } });
    const orders = await api('/dtentity/saveOrUpdate', {
      entNo: 'restore_order',
      entName: 'Order',
      elements: [
        { eleNo: 'title', eleName: 'Title', dataTyp: 'string' },
        { eleNo: 'note', eleName: 'Note', dataTyp: 'string' },
        { eleNo: 'customer', eleName: 'Customer', dataTyp: 'string', refEntId: customers.id },
      ],
    });
    await api('/dtentity/syncEntityDataBaseTable', { id: orders.id, apply: true });
    const entId = orders.id as string;
    const code = `ent_${entId}`;
    const row = await api('/dtentity/saveOrUpdateData', {
      entId,
      data: { title: 'First', note: 'n1', customer: ann.id },
    });
    await api('/dtentity/saveOrUpdateData', { entId, data: { id: row.id, customer: bob.id } });
    await api('/dtentity/removeDatas', { entId: customers.id, ids: [ann.id] });
    const created = (await history(code, row.id)).at(-1) as Revision;
    const gone = await restore(created.id);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().msg, gone.body).toContain('Customer');

    await api('/dtentity/saveOrUpdateData', { entId, data: { id: row.id, note: 'n2' } });
    const detail = (await t.call('GET', `/api/yuan-api/dtentity/getDetail?id=${entId}`, token)).json().data;
    const kept = (detail.elements as { eleNo: string }[]).filter((e) => e.eleNo !== 'note');
    await api('/dtentity/saveOrUpdate', { ...detail, elements: kept });
    const sync = await t.call('POST', '/api/yuan-api/dtentity/syncEntityDataBaseTable', token, {
      id: entId,
      apply: true,
      confirm: 1,
    });
    expect(sync.json().success, sync.body).toBe(true);
    // Back to before the note changed: the note is a field the entity no longer has.
    const [, customerChange] = await history(code, row.id);
    const refused = await restore(customerChange?.id as string);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('字段“note”已不存在，不能恢复');

    await api('/dtentity/removeDatas', { entId, ids: [row.id] });
    const removed = await restore(created.id);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().msg).toBe('该行已删除，不能恢复到删除前的版本');
  });

  it("is another tenant's 404 and needs the resource's edit button", async () => {
    const id = (await submit({ paramName: 'Mine', paramKey: 'restore.mine', paramValue: 'a' })).json().data
      .id;
    await submit({ id, paramName: 'Mine', paramKey: 'restore.mine', paramValue: 'b' });
    const [, created] = await history('param', id);
    const { b: other, noPerm } = await twoTenants(t);
    expect((await restore(created?.id as string, other)).statusCode).toBe(404);
    expect((await restore(created?.id as string, noPerm)).statusCode).toBe(403);
    expect((await restore('999999999')).statusCode).toBe(404);
    expect((await restore('x')).statusCode).toBe(400);
    expect((await param(id)).paramValue).toBe('b');
  });
});
