import type { MenuNode } from '@yuan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, TENANT_B, twoTenants } from '../../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { systemModule } from '../index.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof twoTenants>>;
let menuId: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, [systemModule]);
  tokens = await twoTenants(t);
  const menus = await t.database.root.selectFrom('yuan_menu').select(['id', 'code']).execute();
  menuId = Object.fromEntries(menus.map((m) => [m.code, m.id]));
});
afterAll(() => t.close());

const codesOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codesOf(n.children)]);

async function userOfNewRole(token: string, tenantId: string, alias: string) {
  const role = await t.call('POST', '/api/yuan-system/role/submit', token, {
    roleName: alias,
    roleAlias: alias,
    sort: 1,
  });
  expect(role.statusCode).toBe(200);
  const roleId = role.json().data.id as string;
  await addUser(t, { tenantId, id: String(Date.now()), account: alias, roleId });
  return roleId;
}

describe('role grants', () => {
  it('a granted menu appears for users of the role, its buttons open its API, others stay 403', async () => {
    const roleId = await userOfNewRole(tokens.a, '000000', 'clerk');
    const grant = await t.call('POST', '/api/yuan-system/role/grant', tokens.a, {
      roleIds: roleId,
      menuIds: [menuId.param, menuId.param_add].join(','),
    });
    expect(grant.json()).toMatchObject({ success: true });
    const clerk = (await t.login({ username: 'clerk', ip: '10.7.0.1' })).access_token;
    const codes = codesOf((await t.call('GET', '/api/yuan-system/menu/routes', clerk)).json().data);
    expect(codes).toEqual(expect.arrayContaining(['system', 'param']));
    expect(codes).not.toContain('user');
    expect((await t.call('GET', '/api/yuan-system/param/list', clerk)).statusCode).toBe(200);
    const added = await t.call('POST', '/api/yuan-system/param/submit', clerk, {
      paramName: 'n',
      paramKey: 'clerk.k',
      paramValue: 'v',
    });
    expect(added.statusCode).toBe(200);
    expect(
      (await t.call('POST', `/api/yuan-system/param/remove?ids=${added.json().data.id}`, clerk)).statusCode,
    ).toBe(403);
    expect((await t.call('GET', '/api/yuan-system/post/list', clerk)).statusCode).toBe(403);

    const keys = (
      await t.call('GET', `/api/yuan-system/menu/role-tree-keys?roleIds=${roleId}`, tokens.a)
    ).json().data;
    expect(keys.menu.sort()).toEqual([menuId.param, menuId.param_add].sort());

    // Taking the grant away takes the menu and the API away at once.
    await t.call('POST', '/api/yuan-system/role/grant', tokens.a, { roleIds: roleId, menuIds: '' });
    expect(codesOf((await t.call('GET', '/api/yuan-system/menu/routes', clerk)).json().data)).not.toContain(
      'param',
    );
    expect((await t.call('GET', '/api/yuan-system/param/list', clerk)).statusCode).toBe(403);
  });

  it('serves the grant trees with buttons under their menus', async () => {
    const trees = (await t.call('GET', '/api/yuan-system/menu/grant-tree', tokens.a)).json().data;
    const system = trees.menu.find((n: { id: string }) => n.id === menuId.system);
    const param = system.children.find((n: { id: string }) => n.id === menuId.param);
    expect(param.children.map((c: { id: string }) => c.id)).toContain(menuId.param_add);
    expect(trees).toHaveProperty('dataScope');
    expect(trees).toHaveProperty('apiScope');
  });

  it("refuses unknown menus and another tenant's roles, changing nothing", async () => {
    const roleId = await userOfNewRole(tokens.a, '000000', 'auditor');
    expect(
      (await t.call('POST', '/api/yuan-system/role/grant', tokens.a, { roleIds: roleId, menuIds: '42' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/yuan-system/role/grant', tokens.b, {
          roleIds: roleId,
          menuIds: menuId.param,
        })
      ).statusCode,
    ).toBe(404);
    const keys = (
      await t.call('GET', `/api/yuan-system/menu/role-tree-keys?roleIds=${roleId}`, tokens.a)
    ).json().data;
    expect(keys.menu).toEqual([]);
  });
});

describe('tenant packages limit grants and menus', () => {
  it("a tenant with a package can grant and see only the package's menus", async () => {
    const pkg = await t.call('POST', '/api/yuan-system/tenant-package/submit', tokens.a, {
      packageName: 'Basic',
      menuId: [
        menuId.system,
        menuId.param,
        menuId.param_add,
        menuId.role,
        menuId.role_add,
        menuId.role_grant,
      ].join(','),
    });
    await t.database.root
      .updateTable('yuan_tenant')
      .set({ package_id: pkg.json().data.id })
      .where('tenant_id', '=', TENANT_B)
      .execute();
    await t.call('GET', '/api/yuan-auth/oauth/clear-cache', tokens.b);
    const codes = codesOf((await t.call('GET', '/api/yuan-system/menu/routes', tokens.b)).json().data);
    // A granted menu brings its parents along so it can be shown (role sits under authority).
    expect(codes.sort()).toEqual(['authority', 'param', 'role', 'system']);
    expect((await t.call('GET', '/api/yuan-system/post/list', tokens.b)).statusCode).toBe(403);

    const roleId = await userOfNewRole(tokens.b, TENANT_B, 'b-clerk');
    const outside = await t.call('POST', '/api/yuan-system/role/grant', tokens.b, {
      roleIds: roleId,
      menuIds: menuId.post,
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('所选菜单超出租户产品包范围');
    const inside = await t.call('POST', '/api/yuan-system/role/grant', tokens.b, {
      roleIds: roleId,
      menuIds: menuId.param,
    });
    expect(inside.statusCode).toBe(200);
    const tree = (await t.call('GET', '/api/yuan-system/menu/grant-tree', tokens.b)).json().data.menu;
    expect(JSON.stringify(tree)).toContain(menuId.param);
    expect(JSON.stringify(tree)).not.toContain(menuId.post);
  });
});

describe('top menu grants', () => {
  it('grants menus to a top menu and filters routes by it', async () => {
    const top = await t.call('POST', '/api/yuan-system/topmenu/submit', tokens.a, {
      code: 'ops',
      name: '运维',
      sort: 9,
    });
    const topId = top.json().data.id as string;
    const list = await t.call('POST', '/api/yuan-system/topmenu/list', tokens.a);
    expect(list.json().data.records.map((r: { code: string }) => r.code)).toContain('ops');
    await t.call('POST', '/api/yuan-system/topmenu/grant', tokens.a, {
      topMenuIds: topId,
      menuIds: [menuId.monitor, menuId.logApi].join(','),
    });
    expect(
      (await t.call('GET', `/api/yuan-system/menu/top-tree-keys?topMenuIds=${topId}`, tokens.a))
        .json()
        .data.menu.sort(),
    ).toEqual([menuId.monitor, menuId.logApi].sort());
    const routes = (await t.call('GET', `/api/yuan-system/menu/routes?topMenuId=${topId}`, tokens.a)).json()
      .data;
    expect(codesOf(routes).sort()).toEqual(['logApi', 'monitor']);
  });
});
