import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
const BASE = '/api/yuan-system/param';

beforeAll(async () => {
  t = await createTestApp({}, []);
  token = (await t.login()).access_token;
});
afterAll(() => t.close());

const submit = (body: unknown, tok = token, lang = 'zh') =>
  t.app.inject({
    method: 'POST',
    url: `${BASE}/submit`,
    headers: { 'blade-auth': `bearer ${tok}`, 'accept-language': lang },
    payload: body as object,
  });
const list = (query = '', tok = token) => t.call('GET', `${BASE}/list${query}`, tok);
const count = async () =>
  Number(
    (
      await t.database.root
        .selectFrom('yuan_param' as 'yuan_user')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('generic CRUD (param)', () => {
  it('adds, lists, reads, updates and removes', async () => {
    const empty = (await list()).json();
    expect(empty).toMatchObject({
      code: 200,
      success: true,
      data: { records: [], total: 0, size: 10, current: 1, pages: 0 },
    });

    const added = await submit({
      paramName: '站点名称',
      paramKey: 'site.name',
      paramValue: 'Yuan',
      remark: '',
    });
    expect(added.statusCode).toBe(200);
    const row = added.json().data;
    expect(row).toMatchObject({
      paramName: '站点名称',
      paramKey: 'site.name',
      paramValue: 'Yuan',
      tenantId: '000000',
    });
    expect(row.id).toMatch(/^\d+$/);
    expect(row.createUser).toMatch(/^\d+$/);

    const page = (await list()).json().data;
    expect(page.total).toBe(1);
    expect(page.records[0].id).toBe(row.id);

    const detail = (await t.call('GET', `${BASE}/detail?id=${row.id}`, token)).json().data;
    expect(detail.paramKey).toBe('site.name');

    const updated = await submit({
      id: row.id,
      paramName: '站点名称',
      paramKey: 'site.name',
      paramValue: 'Yuan Admin',
    });
    expect(updated.json().data.paramValue).toBe('Yuan Admin');

    const removed = await t.call('POST', `${BASE}/remove?ids=${row.id}`, token);
    expect(removed.json().success).toBe(true);
    expect((await list()).json().data.total).toBe(0);
    expect((await t.call('GET', `${BASE}/detail?id=${row.id}`, token)).statusCode).toBe(404);
  });

  it('a search of one shape answers each call by its own values, in the order asked, counted apart', async () => {
    const keys = ['shape.b.alpha', 'shape.a.alpha', 'shape.c.beta'];
    const ids: string[] = [];
    for (const key of keys) {
      const saved = await submit({ paramName: key, paramKey: key, paramValue: 'v' });
      ids.push(saved.json().data.id);
    }
    const keysOf = async (query: string) => {
      const data = (await list(query)).json().data;
      return { keys: data.records.map((r: { paramKey: string }) => r.paramKey), total: data.total };
    };
    // The same conditions and order with other values: each call its own rows and total.
    expect(await keysOf('?paramKey=alpha&sort=paramKey')).toEqual({
      keys: ['shape.a.alpha', 'shape.b.alpha'],
      total: 2,
    });
    expect(await keysOf('?paramKey=beta&sort=paramKey')).toEqual({ keys: ['shape.c.beta'], total: 1 });
    expect(await keysOf('?paramKey=shape&sort=-paramKey')).toEqual({
      keys: ['shape.c.beta', 'shape.b.alpha', 'shape.a.alpha'],
      total: 3,
    });
    expect(await keysOf('?paramKey=shape&sort=-paramKey&size=1&current=2')).toEqual({
      keys: ['shape.b.alpha'],
      total: 3,
    });
    // Newest first, two conditions, then one: no condition of an earlier call stays.
    expect(await keysOf('?paramKey=shape&paramName=alpha')).toEqual({
      keys: ['shape.a.alpha', 'shape.b.alpha'],
      total: 2,
    });
    expect(await keysOf('?paramName=beta')).toEqual({ keys: ['shape.c.beta'], total: 1 });
    // A value is bound, never spliced: a pattern character is searched for as itself.
    expect(await keysOf("?paramKey=%25'%20OR%201%3D1--")).toEqual({ keys: [], total: 0 });
    await t.call('POST', `${BASE}/remove?ids=${ids.join(',')}`, token);
  });

  it('validates with the exact SPEC messages in both languages', async () => {
    const before = await count();
    const noName = await submit({ paramKey: 'k1', paramValue: 'v' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ code: 400, success: false, msg: '请输入参数名称', data: null });
    expect((await submit({ paramName: '  ', paramKey: 'k1', paramValue: 'v' })).json().msg).toBe(
      '请输入参数名称',
    );
    expect((await submit({ paramName: 'n', paramValue: 'v' })).json().msg).toBe('请输入参数键名');
    expect((await submit({ paramName: 'n', paramKey: 'k1' })).json().msg).toBe('请输入参数键值');
    expect((await submit({ paramKey: 'k1', paramValue: 'v' }, token, 'en')).json().msg).toBe(
      'Please enter the parameter name',
    );
    const long = await submit({ paramName: 'x'.repeat(256), paramKey: 'k1', paramValue: 'v' });
    expect(long.json().msg).toBe('参数名称长度不能超过255个字符');
    const wrongType = await submit({ paramName: 42, paramKey: 'k1', paramValue: 'v' });
    expect(wrongType.json().msg).toBe('参数名称类型不正确');
    const unknown = await submit({ paramName: 'n', paramKey: 'k1', paramValue: 'v', paramKee: 'typo' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('不支持的字段: paramKee');
    const notObject = await submit([1, 2, 3]);
    expect(notObject.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps paramKey unique per tenant', async () => {
    await submit({ paramName: 'a', paramKey: 'dup.key', paramValue: '1' });
    const dup = await submit({ paramName: 'b', paramKey: 'dup.key', paramValue: '2' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toBe('参数键名“dup.key”已存在');
  });

  it('searches by substring (wildcards are literal), pages and resets bad paging to a 400', async () => {
    for (let i = 0; i < 12; i++) {
      await submit({ paramName: `page-${i}`, paramKey: `page.${i}`, paramValue: String(i) });
    }
    await submit({ paramName: '100% sure', paramKey: 'pct', paramValue: 'x' });
    const found = (await list('?paramName=page-1')).json().data;
    expect(found.records.map((r: { paramKey: string }) => r.paramKey).sort()).toEqual([
      'page.1',
      'page.10',
      'page.11',
    ]);
    expect((await list(`?paramName=${encodeURIComponent('%')}`)).json().data.total).toBe(1);
    const p2 = (await list('?paramName=page&current=2&size=10')).json().data;
    expect(p2).toMatchObject({ total: 12, current: 2, size: 10, pages: 2 });
    expect(p2.records).toHaveLength(2);
    expect((await list('?paramName=page&current=99')).json().data.records).toEqual([]);
    expect((await list('?size=201')).statusCode).toBe(400);
    expect((await list('?current=0')).statusCode).toBe(400);
    expect((await list('?nope=1')).statusCode).toBe(400);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(`?paramName=page&createTime_dategt=${tomorrow}`)).json().data.total).toBe(0);
    expect((await list(`?paramName=page&createTime_datelt=${tomorrow}`)).json().data.total).toBe(12);
  });

  it('reads deep pages from remembered positions, and the same rows after writes move them', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => String(9_000_000_000 + i));
    await t.database.root
      .insertInto('yuan_param')
      .values(
        ids.map((id) => ({
          tenant_id: '000000',
          id,
          param_name: 'deep',
          param_key: `deep.${id}`,
          param_value: id,
        })),
      )
      .execute();
    const expected = async () =>
      (
        await t.database.root
          .selectFrom('yuan_param')
          .select('id')
          .where('param_name', '=', 'deep')
          .where('is_deleted', '=', 0)
          .orderBy('id', 'desc')
          .execute()
      ).map((r) => String(r.id));
    const pageIds = async (current: number) =>
      (await list(`?paramName=deep&current=${current}&size=10`))
        .json()
        .data.records.map((r: { id: string }) => r.id);
    const check = async (pages: number[]) => {
      const all = await expected();
      for (const current of pages) {
        expect(await pageIds(current), `page ${current}`).toEqual(
          all.slice((current - 1) * 10, current * 10),
        );
      }
    };
    // First reads walk the keys; repeats and neighbours start from what the first ones noted.
    await check([25, 25, 26, 30, 12, 1, 2, 29, 31]);
    // Rows removed and added through the service shift every later position: no remembered one is used again.
    const victims = (await expected()).slice(245, 248);
    expect((await t.call('POST', `${BASE}/remove?ids=${victims.join(',')}`, token)).json().success).toBe(
      true,
    );
    await submit({ paramName: 'deep', paramKey: 'deep.new', paramValue: 'n' });
    await check([25, 26, 30, 31, 2]);
  });

  it('removes all of the ids or none', async () => {
    const a = (await submit({ paramName: 'r', paramKey: 'rm.a', paramValue: '1' })).json().data.id;
    const b = (await submit({ paramName: 'r', paramKey: 'rm.b', paramValue: '1' })).json().data.id;
    const mixed = await t.call('POST', `${BASE}/remove?ids=${a},${b},123456789`, token);
    expect(mixed.statusCode).toBe(404);
    expect((await t.call('GET', `${BASE}/detail?id=${a}`, token)).statusCode).toBe(200);
    const body = await t.call('POST', `${BASE}/remove`, token, { ids: `${a},${b}` });
    expect(body.statusCode).toBe(200);
    expect((await t.call('GET', `${BASE}/detail?id=${b}`, token)).statusCode).toBe(404);
    expect((await t.call('POST', `${BASE}/remove?ids=1;drop`, token)).statusCode).toBe(400);
    expect((await t.call('POST', `${BASE}/remove`, token)).statusCode).toBe(400);
  });

  it("does not read, change or remove another tenant's rows", async () => {
    const root = t.database.root;
    await root
      .insertInto('yuan_tenant')
      .values({ id: '8001', tenant_id: '200002', tenant_name: 'Other' })
      .execute();
    const role = await root
      .insertInto('yuan_role')
      .values({ tenant_id: '200002', id: '8002', role_name: 'a', role_alias: 'administrator' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menus = await root.selectFrom('yuan_menu').select('id').where('code', 'like', 'param%').execute();
    await root
      .insertInto('yuan_role_menu')
      .values(menus.map((m) => ({ tenant_id: '200002', role_id: role.id, menu_id: m.id })))
      .execute();
    await addUser(t, { tenantId: '200002', id: '8003', account: 'admin', roleId: role.id });
    const other = (await t.login({ tenantId: '200002' })).access_token;
    const mine = (await submit({ paramName: 'secret', paramKey: 'mine.secret', paramValue: 'A-only' })).json()
      .data.id;

    expect((await list('?paramName=secret', other)).json().data).toMatchObject({ total: 0, records: [] });
    expect((await t.call('GET', `${BASE}/detail?id=${mine}`, other)).statusCode).toBe(404);
    const hijack = await submit({ id: mine, paramName: 'x', paramKey: 'x', paramValue: 'x' }, other);
    expect(hijack.statusCode).toBe(404);
    expect((await t.call('POST', `${BASE}/remove?ids=${mine}`, other)).statusCode).toBe(404);
    const still = (await t.call('GET', `${BASE}/detail?id=${mine}`, token)).json().data;
    expect(still).toMatchObject({ paramValue: 'A-only', paramKey: 'mine.secret' });
    const theirs = await submit({ paramName: 'secret', paramKey: 'mine.secret', paramValue: 'B' }, other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.tenantId).toBe('200002');
  });

  it('answers 403 to a role without the menu or button', async () => {
    const root = t.database.root;
    const tourist = await root
      .selectFrom('yuan_role')
      .select('id')
      .where('role_alias', '=', 'tourist')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    await addUser(t, { tenantId: '000000', id: '8100', account: 'viewer', roleId: tourist.id });
    const viewer = (await t.login({ username: 'viewer' })).access_token;
    const denied = await list('', viewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      code: 403,
      success: false,
      msg: '缺失功能权限，请联系管理员',
      data: null,
    });
    expect((await submit({ paramName: 'n', paramKey: 'v.k', paramValue: 'v' }, viewer)).statusCode).toBe(403);
    const paramMenu = await root
      .selectFrom('yuan_menu')
      .select('id')
      .where('code', '=', 'param')
      .executeTakeFirstOrThrow();
    await root
      .insertInto('yuan_role_menu')
      .values({ tenant_id: '000000', role_id: tourist.id, menu_id: paramMenu.id })
      .execute();
    await t.call('GET', '/api/yuan-auth/oauth/clear-cache', token);
    expect((await list('', viewer)).statusCode).toBe(200);
    expect((await submit({ paramName: 'n', paramKey: 'v.k', paramValue: 'v' }, viewer)).statusCode).toBe(403);
  });
});
