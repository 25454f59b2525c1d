import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_B, twoTenants } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lowcodeModule } from '../lowcode/index.ts';
import { userModule } from '../user/index.ts';
import { pruneByTenantDays } from '../../lib/retention.ts';
import { revisionModule } from './index.ts';
import { KEEP_DAYS_DEFAULT, KEEP_PARAM } from './module.ts';

let t: TestApp;
let token: string;
const PARAM = '/api/yuan-system/param';

beforeAll(async () => {
  t = await createTestApp({}, [userModule, lowcodeModule, revisionModule]);
  token = (await t.login()).access_token;
});
afterAll(() => t.close());

const submit = (body: object, tok = token) => t.call('POST', `${PARAM}/submit`, tok, body);
const history = (resource: string, id: string, tok = token, more = '') =>
  t.call('GET', `/api/yuan-api/revision/list?resource=${resource}&id=${id}${more}`, tok);
const revisionCount = async () =>
  Number(
    (
      await t.database.root
        .selectFrom('yuan_revision')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('revisions of the generic CRUD', () => {
  it('records each create, change and removal with its author and call, newest first', async () => {
    const created = await submit({ paramName: 'Site', paramKey: 'rev.site', paramValue: 'one' });
    const id = created.json().data.id as string;
    const first = await submit({ id, paramName: 'Site', paramKey: 'rev.site', paramValue: 'two' });
    await submit({ id, paramName: 'Site name', paramKey: 'rev.site', paramValue: 'three' });
    // Nothing changed: no revision.
    await submit({ id, paramName: 'Site name', paramKey: 'rev.site', paramValue: 'three' });
    expect((await t.call('POST', `${PARAM}/remove?ids=${id}`, token)).statusCode).toBe(200);

    const page = (await history('param', id)).json().data;
    expect(page).toMatchObject({ total: 4, current: 1, size: 10, pages: 1 });
    expect(page.records.map((r: { action: string }) => r.action)).toEqual([
      'delete',
      'update',
      'update',
      'create',
    ]);
    const [removed, second, firstUpdate, create] = page.records;
    expect(removed.changes).toEqual([]);
    expect(second.changes).toEqual([
      { field: 'paramName', before: 'Site', after: 'Site name' },
      { field: 'paramValue', before: 'two', after: 'three' },
    ]);
    expect(firstUpdate.changes).toEqual([{ field: 'paramValue', before: 'one', after: 'two' }]);
    expect(create.changes).toEqual([
      { field: 'paramName', before: null, after: 'Site' },
      { field: 'paramKey', before: null, after: 'rev.site' },
      { field: 'paramValue', before: null, after: 'one' },
    ]);
    expect(firstUpdate).toMatchObject({ resource: 'param', rowId: id, userName: 'admin' });
    expect(firstUpdate.userId).toMatch(/^\d+$/);
    expect(firstUpdate.requestId).toBe(first.headers['x-request-id']);
    expect(new Date(firstUpdate.createTime).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const paged = (await history('param', id, token, '&size=1&current=2')).json().data;
    expect(paged.records.map((r: { action: string }) => r.action)).toEqual(['update']);
  });

  it('chains the revisions of changes made at the same time: each one starts where the one before it ended', async () => {
    const id = (await submit({ paramName: 'Race', paramKey: 'rev.race', paramValue: 'start' })).json().data
      .id;
    const values = ['a', 'b', 'c', 'd', 'e', 'f'];
    const saved = await Promise.all(
      values.map((v) => submit({ id, paramName: 'Race', paramKey: 'rev.race', paramValue: v })),
    );
    expect(saved.map((r) => r.statusCode)).toEqual(values.map(() => 200));
    const records = (await history('param', id, token, '&size=20')).json().data.records as {
      action: string;
      changes: { before: string; after: string }[];
    }[];
    const updates = records.filter((r) => r.action === 'update').reverse();
    // Oldest first: every change's before is the previous change's after, from the created value on.
    let last = 'start';
    for (const r of updates) {
      expect(r.changes[0]?.before).toBe(last);
      last = r.changes[0]?.after as string;
    }
    const final = (await t.call('GET', `${PARAM}/detail?id=${id}`, token)).json().data.paramValue;
    expect(last).toBe(final);
  });

  it("records an entity's rows under ent_<id>, decimals exact", async () => {
    const api = async (url: string, body: object) => {
      const res = await t.call('POST', `/api/yuan-api${url}`, token, body);
      expect(res.json().success, res.body).toBe(true);
      return res.json().data;
    };
    const entity = await api('/dtentity/saveOrUpdate', {
      entNo: 'rev_order',
      entName: 'Order',
      elements: [
        { eleNo: 'title', eleName: 'Title', dataTyp: 'string' },
        { eleNo: 'amount', eleName: 'Amount', dataTyp: 'decimal' },
      ],
    });
    await api('/dtentity/syncEntityDataBaseTable', { id: entity.id, apply: true });
    const entId = entity.id as string;
    const row = await api('/dtentity/saveOrUpdateData', { entId, data: { title: 'A', amount: '0.1' } });
    await api('/dtentity/saveOrUpdateData', { entId, data: { id: row.id, amount: '12345678901234567.25' } });
    await api('/dtentity/removeDatas', { entId, ids: [row.id] });
    const records = (await history(`ent_${entId}`, row.id)).json().data.records;
    expect(records.map((r: { action: string }) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(records[1].changes).toEqual([
      { field: 'amount', before: '0.1000000000', after: '12345678901234567.2500000000' },
    ]);
    expect(records[2].changes).toEqual([
      { field: 'title', before: null, after: 'A' },
      { field: 'amount', before: null, after: '0.1000000000' },
    ]);
  });

  it('names a secret field it sets without its value', async () => {
    const users = '/api/yuan-user';
    const root = t.database.root;
    const role = await root
      .selectFrom('yuan_role')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const dept = await root
      .selectFrom('yuan_dept')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const post = await root
      .selectFrom('yuan_post')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const refs = { roleId: String(role.id), deptId: String(dept.id), postId: String(post.id) };
    const form = { account: 'rev.user', name: 'Rev', realName: 'Rev', ...refs };
    const saved = await t.call('POST', `${users}/submit`, token, {
      ...form,
      password: 'Secret@123',
      password2: 'Secret@123',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    // An edit of the user form: the password it carries is the server's to keep (changed by its own calls).
    const changed = { ...form, id, realName: 'Rev Two', password: 'Secret@456', password2: 'Secret@456' };
    expect((await t.call('POST', `${users}/submit`, token, changed)).statusCode).toBe(200);
    const [update, create] = (await history('user', id)).json().data.records;
    expect(update.changes).toEqual([{ field: 'realName', before: 'Rev', after: 'Rev Two' }]);
    expect(create.changes).toContainEqual({ field: 'password' });
    expect(create.changes).toContainEqual({ field: 'account', before: null, after: 'rev.user' });
    expect(JSON.stringify([update, create])).not.toMatch(/Secret@|\$2[aby]\$|scrypt|argon/);
  });

  it("shows a row's history only to its tenant and to who may open its screen", async () => {
    const id = (await submit({ paramName: 'Mine', paramKey: 'rev.mine', paramValue: 'a' })).json().data.id;
    const root = t.database.root;
    const { b: other, noPerm: viewer } = await twoTenants(t);
    // Another tenant's row is not found, as its detail would not be; a row of one's own without history is empty.
    expect((await history('param', id, other)).statusCode).toBe(404);
    await root
      .insertInto('yuan_param')
      .values({ id: '8205', tenant_id: TENANT_B, param_key: 'rev.old', param_name: 'Old', param_value: 'v' })
      .execute();
    expect((await history('param', '8205', other)).json().data).toMatchObject({ total: 0, records: [] });
    expect((await history('param', '8205')).statusCode).toBe(404);
    expect((await history('ent_99', id)).statusCode).toBe(404);

    expect((await history('param', id, viewer)).statusCode).toBe(403);
    // A code nobody declares, or one that is no code at all, opens nothing.
    expect((await history('nosuch', id)).statusCode).toBe(403);
    expect((await history("param'--", id)).statusCode).toBe(403);
    expect((await history('param', 'x1')).statusCode).toBe(400);
  });

  it('a write that fails leaves no revision', async () => {
    const before = await revisionCount();
    const taken = await submit({ paramName: 'Dup', paramKey: 'rev.dup', paramValue: 'a' });
    expect(taken.statusCode).toBe(200);
    const again = await submit({ paramName: 'Dup', paramKey: 'rev.dup', paramValue: 'b' });
    expect(again.statusCode).toBe(400);
    expect((await t.call('POST', `${PARAM}/remove?ids=1,${taken.json().data.id}`, token)).statusCode).toBe(
      404,
    );
    expect(await revisionCount()).toBe(before + 1);
  });

  it("keeps revisions as many days as the tenant's revision.keepDays says (180 by default)", async () => {
    const root = t.database.root;
    const old = (days: number) => new Date(Date.now() - days * 86_400_000);
    const rows = [
      { id: '9001', tenant_id: '000000', days: 200 },
      { id: '9002', tenant_id: '000000', days: 20 },
      { id: '9003', tenant_id: TENANT_B, days: 20 },
    ];
    await root
      .insertInto('yuan_revision')
      .values(
        rows.map((r) => ({
          id: r.id,
          tenant_id: r.tenant_id,
          resource: 'param',
          row_id: '1',
          action: 'update',
          create_time: old(r.days),
        })),
      )
      .execute();
    const sweep = () => pruneByTenantDays(t.database, ['yuan_revision'], KEEP_PARAM, KEEP_DAYS_DEFAULT);
    const left = async () =>
      (
        await root
          .selectFrom('yuan_revision')
          .select('id')
          .where('id', 'in', ['9001', '9002', '9003'])
          .execute()
      )
        .map((r) => String(r.id))
        .sort();
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await left()).toEqual(['9002', '9003']);
    await submit({ paramName: 'Revisions kept', paramKey: KEEP_PARAM, paramValue: '10' });
    await sweep();
    expect(await left()).toEqual(['9003']);
  });
});
