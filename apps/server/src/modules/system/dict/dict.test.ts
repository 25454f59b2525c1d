import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { systemModule } from '../index.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({}, [systemModule]);
  token = (await t.login()).access_token;
});
afterAll(() => t.close());

const submit = (base: string, body: object) => t.call('POST', `${base}/submit`, token, body);
const entry = (code: string, dictKey: string, dictValue: string, parentId = '0', isSealed = 0) => ({
  parentId,
  code,
  dictKey,
  dictValue,
  sort: 1,
  isSealed,
});

describe.each(['/api/yuan-system/dict', '/api/yuan-system/dict-biz'])('%s', (base) => {
  it('validates with the SPEC messages', async () => {
    expect((await submit(base, { dictKey: 'k', dictValue: 'v', sort: 1, isSealed: 0 })).json().msg).toBe(
      '请输入字典编号',
    );
    expect((await submit(base, { code: 'c', dictKey: 'k', sort: 1, isSealed: 0 })).json().msg).toBe(
      '请输入字典名称',
    );
    expect((await submit(base, { code: 'c', dictValue: 'v', sort: 1, isSealed: 0 })).json().msg).toBe(
      '请输入字典键值',
    );
    expect((await submit(base, { code: 'c', dictKey: 'k', dictValue: 'v', isSealed: 0 })).json().msg).toBe(
      '请输入字典排序',
    );
    expect((await submit(base, { code: 'c', dictKey: 'k', dictValue: 'v', sort: 1 })).json().msg).toBe(
      '请选择封存',
    );
  });

  it('gives children the code of their root and refuses to remove sealed entries', async () => {
    const root = (await submit(base, entry('color', '-1', '颜色', '0', 1))).json().data.id;
    const red = (await submit(base, entry('whatever', 'red', '红色', root))).json().data;
    expect(red.code).toBe('color');
    const sealed = await t.call('POST', `${base}/remove?ids=${root}`, token);
    expect(sealed.statusCode).toBe(400);
    expect((await t.call('POST', `${base}/remove?ids=${red.id}`, token)).statusCode).toBe(200);
    expect((await t.call('POST', `${base}/remove?ids=${root}`, token)).json().msg).toBe('封存的数据不能删除');
  });
});

describe('dictionary reads', () => {
  it('serves the items of a code in sort order, and a change shows at once', async () => {
    const base = '/api/yuan-system/dict-biz';
    const root = (await submit(base, entry('SourceFrom', '-1', '来源'))).json().data.id;
    await submit(base, { ...entry('SourceFrom', 'p020', '钱包'), parentId: root, sort: 2 });
    await submit(base, { ...entry('SourceFrom', 'p010', '系统'), parentId: root, sort: 1 });
    const items = (await t.call('GET', `${base}/dictionary?code=SourceFrom`, token)).json().data;
    expect(items.map((i: { dictKey: string }) => i.dictKey)).toEqual(['p010', 'p020']);
    const added = (
      await submit(base, { ...entry('SourceFrom', 'p030', '活动'), parentId: root, sort: 3 })
    ).json().data;
    expect((await t.call('GET', `${base}/dict?code=SourceFrom`, token)).json().data).toHaveLength(3);
    await t.call('POST', `${base}/remove?ids=${added.id}`, token);
    expect((await t.call('GET', `${base}/dictionary?code=SourceFrom`, token)).json().data).toHaveLength(2);

    const roots = (await t.call('GET', `${base}/parent-list?code=Source`, token)).json().data;
    expect(roots.records.map((r: { id: string }) => r.id)).toEqual([root]);
    const either = (await t.call('GET', `${base}/parent-list-or?code=来源`, token)).json().data;
    expect(either.total).toBe(1);
    const children = (await t.call('GET', `${base}/child-list?parentId=${root}&size=1`, token)).json().data;
    expect(children).toMatchObject({ total: 2, pages: 2, size: 1 });
    expect((await t.call('GET', `${base}/dictionary`, token)).statusCode).toBe(400);
  });
});

describe('dictionary managers', () => {
  it('a role granted only the horizontal manager may read and edit dictionaries', async () => {
    const { hashPassword } = await import('../../../lib/password.ts');
    const root = t.database.root;
    const menus = await root
      .selectFrom('yuan_menu')
      .select('id')
      .where('code', 'like', 'dictHorizontal%')
      .execute();
    expect(menus.length).toBeGreaterThanOrEqual(5);
    await root
      .insertInto('yuan_role')
      .values({ tenant_id: '000000', id: '4401', role_name: 'dict', role_alias: 'dict-keeper' })
      .execute();
    await root
      .insertInto('yuan_role_menu')
      .values(menus.map((m) => ({ tenant_id: '000000', role_id: '4401', menu_id: m.id })))
      .execute();
    await root
      .insertInto('yuan_user')
      .values({
        tenant_id: '000000',
        id: '4402',
        account: 'keeper',
        password: await hashPassword('Keeper@123'),
        role_id: '4401',
      })
      .execute();
    const keeper = (await t.login({ username: 'keeper', password: 'Keeper@123', ip: '10.12.0.1' }))
      .access_token;
    expect((await t.call('GET', '/api/yuan-system/dict-biz/parent-list', keeper)).statusCode).toBe(200);
    const added = await t.call(
      'POST',
      '/api/yuan-system/dict-biz/submit',
      keeper,
      entry('keeper', '-1', '管理员字典'),
    );
    expect(added.statusCode).toBe(200);
    expect((await t.call('GET', '/api/yuan-system/param/list', keeper)).statusCode).toBe(403);
  });
});
