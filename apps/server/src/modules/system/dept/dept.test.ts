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

const add = async (deptName: string, parentId = '0') => {
  const res = await t.call('POST', '/api/yuan-system/dept/submit', token, {
    parentId,
    deptName,
    fullName: `${deptName} 全称`,
    deptCategory: 1,
    sort: 1,
  });
  return res;
};
const id = async (name: string, parentId = '0') => (await add(name, parentId)).json().data.id as string;

describe('departments as a tree', () => {
  it('keeps ancestors, serves tree and lazy trees, and follows moves', async () => {
    const root = await id('研发中心');
    const team = await id('平台组', root);
    const squad = await id('钱包小队', team);
    const detail = (await t.call('GET', `/api/yuan-system/dept/detail?id=${squad}`, token)).json().data;
    expect(detail.ancestors).toBe(`0,${root},${team}`);

    const tree = (await t.call('GET', '/api/yuan-system/dept/tree', token)).json().data;
    const rd = tree.find((n: { id: string }) => n.id === root);
    expect(rd).toMatchObject({ title: '研发中心', hasChildren: true });
    expect(rd.children[0]).toMatchObject({ id: team, title: '平台组' });
    expect(rd.children[0].children[0].id).toBe(squad);

    const lazy = (await t.call('GET', `/api/yuan-system/dept/lazy-tree?parentId=${root}`, token)).json().data;
    expect(lazy).toEqual([
      { id: team, parentId: root, title: '平台组', value: team, key: team, hasChildren: true },
    ]);
    const lazyList = (await t.call('GET', `/api/yuan-system/dept/lazy-list?parentId=${team}`, token)).json()
      .data;
    expect(lazyList[0]).toMatchObject({ id: squad, deptName: '钱包小队', hasChildren: false });

    const other = await id('运营中心');
    const moved = await t.call('POST', '/api/yuan-system/dept/submit', token, {
      id: team,
      parentId: other,
      deptName: '平台组',
      fullName: '平台组',
      deptCategory: 1,
      sort: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect(
      (await t.call('GET', `/api/yuan-system/dept/detail?id=${squad}`, token)).json().data.ancestors,
    ).toBe(`0,${other},${team}`);
  });

  it('refuses a missing parent, itself or a descendant as parent', async () => {
    const a = await id('A');
    const b = await id('B', a);
    expect((await add('X', '123456')).json().msg).toBe('上级节点不存在或不能是自身及其下级');
    const body = { deptName: 'A', fullName: 'A', deptCategory: 1, sort: 1 };
    expect(
      (await t.call('POST', '/api/yuan-system/dept/submit', token, { ...body, id: a, parentId: a }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call('POST', '/api/yuan-system/dept/submit', token, { ...body, id: a, parentId: b }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses to remove a department with children or with users, and shows the SPEC messages', async () => {
    const parent = await id('P');
    const child = await id('C', parent);
    const refused = await t.call('POST', `/api/yuan-system/dept/remove?ids=${parent}`, token);
    expect(refused.json()).toMatchObject({ success: false, msg: '请先删除子节点' });
    expect(
      (await t.call('POST', `/api/yuan-system/dept/remove?ids=${parent},${child}`, token)).statusCode,
    ).toBe(200);

    const seeded = await t.database.root
      .selectFrom('yuan_user')
      .select('dept_id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const inUse = await t.call('POST', `/api/yuan-system/dept/remove?ids=${seeded.dept_id}`, token);
    expect(inUse.json().msg).toBe('数据正在使用中，不能删除');
    expect((await add('')).json().msg).toBe('请输入部门名称');
  });
});
