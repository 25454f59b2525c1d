import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refsOf } from '../../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { scopedUser as scoped } from '../../../../test/scoped-user.ts';
import { systemModule } from '../index.ts';
import { userModule } from '../../user/index.ts';

let t: TestApp;
let admin: string;
let refs: Awaited<ReturnType<typeof refsOf>>;

beforeAll(async () => {
  t = await createTestApp({}, [systemModule, userModule]);
  admin = (await t.login()).access_token;
  refs = await refsOf(t, '000000');
});
afterAll(() => t.close());

/** A role granted the param screen and one data scope on params, and a user of that role in the given department. */
const scopedUser = (scopeType: number, scopeColumn: string, scopeValue = '', deptId = refs.deptId!) =>
  scoped(t, admin, {
    menu: 'param',
    buttons: ['param_add', 'param_edit', 'param_delete'],
    scope: { resourceCode: 'param', type: scopeType, column: scopeColumn, value: scopeValue },
    deptId,
    postId: refs.postId!,
  });

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
