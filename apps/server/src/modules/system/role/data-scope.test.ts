import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../../../test/env.ts';
import { refsOf } from '../../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let admin: string;
let menuId: Record<string, string>;
let refs: Awaited<ReturnType<typeof refsOf>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token;
  menuId = Object.fromEntries(
    (await t.database.root.selectFrom('yuan_menu').select(['id', 'code']).execute()).map((m) => [
      m.code,
      m.id,
    ]),
  );
  refs = await refsOf(t, '000000');
});
afterAll(() => t.close());

let n = 0;
/** A role granted the param screen and one data scope on params, and a user of that role in the given department. */
async function scopedUser(scopeType: number, scopeColumn: string, scopeValue = '', deptId = refs.deptId!) {
  n++;
  const scope = await t.call('POST', '/api/yuan-system/data-scope/submit', admin, {
    menuId: menuId.param,
    resourceCode: 'param',
    scopeName: `scope ${n}`,
    scopeColumn,
    scopeType,
    scopeValue,
  });
  const role = await t.call('POST', '/api/yuan-system/role/submit', admin, {
    roleName: `r${n}`,
    roleAlias: `scoped-${n}`,
    sort: 1,
  });
  const roleId = role.json().data.id;
  const menus = ['param', 'param_add', 'param_edit', 'param_delete'].map((c) => menuId[c]).join(',');
  expect(
    (
      await t.call('POST', '/api/yuan-system/role/grant', admin, {
        roleIds: roleId,
        menuIds: menus,
        dataScopeIds: scope.json().data.id,
      })
    ).statusCode,
  ).toBe(200);
  const account = `scoped${n}`;
  const user = await t.call('POST', '/api/yuan-user/submit', admin, {
    account,
    name: account,
    realName: account,
    password: ADMIN_PASSWORD,
    roleId,
    deptId,
    postId: refs.postId,
  });
  expect(user.statusCode).toBe(200);
  return (await t.login({ username: account, ip: `10.8.0.${n}` })).access_token;
}

const addParam = async (token: string, key: string) =>
  (
    await t.call('POST', '/api/yuan-system/param/submit', token, {
      paramName: key,
      paramKey: key,
      paramValue: 'v',
    })
  ).json().data.id as string;
const keys = async (token: string) =>
  (
    (await t.call('GET', '/api/yuan-system/param/list?size=200', token)).json().data.records as {
      paramKey: string;
    }[]
  )
    .map((r) => r.paramKey)
    .sort();

describe('data scopes on a resource', () => {
  it('"own" limits reads, updates and removals to the rows the user created', async () => {
    const user = await scopedUser(2, 'create_user');
    const theirs = await addParam(admin, 'admin.row');
    const mine = await addParam(user, 'own.row');
    expect(await keys(user)).toEqual(['own.row']);
    expect((await keys(admin)).sort()).toEqual(['admin.row', 'own.row']);
    expect((await t.call('GET', `/api/yuan-system/param/detail?id=${theirs}`, user)).statusCode).toBe(404);
    const edit = await t.call('POST', '/api/yuan-system/param/submit', user, {
      id: theirs,
      paramName: 'x',
      paramKey: 'admin.row',
      paramValue: 'hacked',
    });
    expect(edit.statusCode).toBe(404);
    expect((await t.call('POST', `/api/yuan-system/param/remove?ids=${theirs}`, user)).statusCode).toBe(404);
    expect(
      (await t.call('GET', `/api/yuan-system/param/detail?id=${theirs}`, admin)).json().data.paramValue,
    ).toBe('v');
    expect((await t.call('POST', `/api/yuan-system/param/remove?ids=${mine}`, user)).statusCode).toBe(200);
  });

  it('"own department", "department and children" and "custom" follow the departments', async () => {
    const child = await t.call('POST', '/api/yuan-system/dept/submit', admin, {
      parentId: refs.deptId,
      deptName: '子部门',
      fullName: '子部门',
      deptCategory: 1,
      sort: 1,
    });
    const childId = child.json().data.id as string;
    const inChild = await scopedUser(2, 'create_user', '', childId);
    await addParam(inChild, 'child.row');
    await addParam(admin, 'root.row');

    const ownDept = await scopedUser(3, 'create_dept');
    expect(await keys(ownDept)).not.toContain('child.row');
    expect(await keys(ownDept)).toContain('root.row');
    const tree = await scopedUser(4, 'create_dept');
    expect(await keys(tree)).toEqual(expect.arrayContaining(['child.row', 'root.row']));
    const custom = await scopedUser(5, 'create_dept', childId);
    expect(await keys(custom)).toEqual(['child.row']);
    // A column the resource does not have is never trusted: the user sees nothing.
    const bogus = await scopedUser(2, 'password; drop table yuan_user');
    expect(await keys(bogus)).toEqual([]);
  });
});
