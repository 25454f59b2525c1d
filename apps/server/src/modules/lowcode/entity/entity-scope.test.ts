import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refsOf } from '../../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { scopedUser } from '../../../../test/scoped-user.ts';
import { lowcodeModule } from '../index.ts';
import { userModule } from '../../user/index.ts';

const API = '/api/yuan-api';
let t: TestApp;
let admin: string;
let refs: Awaited<ReturnType<typeof refsOf>>;
let entId = '';

beforeAll(async () => {
  t = await createTestApp({}, [lowcodeModule, userModule]);
  admin = (await t.login()).access_token;
  refs = await refsOf(t, '000000');
  const saved = await t.call('POST', `${API}/dtentity/saveOrUpdate`, admin, {
    entNo: 'ticket',
    entName: '工单',
    elements: [{ eleNo: 'title', eleName: '标题', dataTyp: 'string', verifyJson: { required: true } }],
  });
  entId = saved.json().data.id;
  await t.call('POST', `${API}/dtentity/syncEntityDataBaseTable`, admin, { id: entId, apply: true });
});
afterAll(() => t.close());

const add = async (token: string, title: string) =>
  t.call('POST', `${API}/dtentity/saveOrUpdateData`, token, { entId, data: { title } });
const titles = async (token: string) =>
  (
    (await t.call('GET', `${API}/dtentity/queryDataByFields?entId=${entId}&size=200`, token)).json().data
      .records as { title: string }[]
  )
    .map((r) => r.title)
    .sort();

describe("an entity's rows under roles and data scopes", () => {
  it('needs the screen for reading and each button for writing, as system data does', async () => {
    const reader = await scopedUser(t, admin, {
      menu: 'entityData',
      buttons: [],
      deptId: refs.deptId!,
      postId: refs.postId!,
    });
    expect((await t.call('GET', `${API}/dtentity/queryDataByFields?entId=${entId}`, reader)).statusCode).toBe(
      200,
    );
    expect((await add(reader, 'x')).statusCode).toBe(403);
    const id = (await add(admin, 'kept')).json().data.id;
    const remove = await t.call('POST', `${API}/dtentity/removeDatas`, reader, { entId, ids: [id] });
    expect(remove.statusCode).toBe(403);
    const exported = await t.call('GET', `${API}/dtentity/exportEntity?entId=${entId}`, reader);
    expect(exported.statusCode).toBe(403);
  });

  it('limits reads, edits and removals to the scope set on the entity', async () => {
    const own = await scopedUser(t, admin, {
      menu: 'entityData',
      buttons: ['entityData_add', 'entityData_edit', 'entityData_delete'],
      scope: { resourceCode: `ent_${entId}`, type: 2, column: 'create_user' },
      deptId: refs.deptId!,
      postId: refs.postId!,
    });
    const theirs = (await add(admin, 'admin row')).json().data.id;
    const mine = (await add(own, 'my row')).json().data.id;
    expect(await titles(own)).toEqual(['my row']);
    expect(await titles(admin)).toEqual(expect.arrayContaining(['admin row', 'my row']));
    const detail = await t.call('GET', `${API}/dtentity/data/detail?entId=${entId}&id=${theirs}`, own);
    expect(detail.statusCode).toBe(404);
    const edit = await t.call('POST', `${API}/dtentity/saveOrUpdateData`, own, {
      entId,
      data: { id: theirs, title: 'taken over' },
    });
    expect(edit.statusCode).toBe(404);
    const removed = await t.call('POST', `${API}/dtentity/removeDatas`, own, { entId, ids: [theirs] });
    expect(removed.statusCode).toBe(404);
    expect(await titles(admin)).toContain('admin row');
    expect(
      (await t.call('POST', `${API}/dtentity/removeDatas`, own, { entId, ids: [mine] })).statusCode,
    ).toBe(200);
  });

  it('closes a path an API scope names to the roles not granted it, entity paths included', async () => {
    const exporter = await scopedUser(t, admin, {
      menu: 'entityData',
      buttons: ['entityData_export'],
      deptId: refs.deptId!,
      postId: refs.postId!,
    });
    const url = `${API}/dtentity/exportEntity?entId=${entId}`;
    expect((await t.call('GET', url, exporter)).statusCode).toBe(200);
    const menu = await t.database.root
      .selectFrom('yuan_menu')
      .select('id')
      .where('code', '=', 'entityData')
      .executeTakeFirstOrThrow();
    const scope = await t.call('POST', '/api/yuan-system/api-scope/submit', admin, {
      menuId: menu.id,
      resourceCode: 'entityData',
      scopeName: '导出实体数据',
      scopePath: `${API}/dtentity/exportEntity`,
      scopeType: 1,
    });
    expect(scope.statusCode).toBe(200);
    expect((await t.call('GET', url, exporter)).statusCode).toBe(403);
    expect((await t.call('GET', url, admin)).statusCode).toBe(200);
  });
});
