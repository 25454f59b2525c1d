import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../../../test/env.ts';
import { refsOf } from '../../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { pathMatches } from './api-scope.service.ts';
import { systemModule } from '../index.ts';
import { userModule } from '../../user/index.ts';

let t: TestApp;
let admin: string;
let menuId: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, [systemModule, userModule]);
  admin = (await t.login()).access_token;
  menuId = Object.fromEntries(
    (await t.database.root.selectFrom('yuan_menu').select(['id', 'code']).execute()).map((m) => [
      m.code,
      m.id,
    ]),
  );
});
afterAll(() => t.close());

describe('API scopes', () => {
  it('matches exact paths and prefixes ending in *', () => {
    expect(pathMatches('/api/yuan-system/param/list', '/api/yuan-system/param/list')).toBe(true);
    expect(pathMatches('/api/yuan-system/param/list', '/api/yuan-system/param/listx')).toBe(false);
    expect(pathMatches('/api/yuan-system/post/*', '/api/yuan-system/post/detail')).toBe(true);
    expect(pathMatches('/api/yuan-system/post/*', '/api/yuan-system/param/list')).toBe(false);
  });

  it('a path named by a scope opens only to roles granted that scope', async () => {
    const refs = await refsOf(t, '000000');
    const role = (
      await t.call('POST', '/api/yuan-system/role/submit', admin, {
        roleName: 'api',
        roleAlias: 'api-role',
        sort: 1,
      })
    ).json().data.id;
    const menus = [menuId.param, menuId.param_add].join(',');
    await t.call('POST', '/api/yuan-system/role/grant', admin, { roleIds: role, menuIds: menus });
    await t.call('POST', '/api/yuan-user/submit', admin, {
      account: 'apiuser',
      name: 'a',
      realName: 'a',
      password: ADMIN_PASSWORD,
      roleId: role,
      deptId: refs.deptId,
      postId: refs.postId,
    });
    const user = (await t.login({ username: 'apiuser', ip: '10.4.4.4' })).access_token;
    expect((await t.call('GET', '/api/yuan-system/param/list', user)).statusCode).toBe(200);

    const scope = await t.call('POST', '/api/yuan-system/api-scope/submit', admin, {
      menuId: menuId.param,
      resourceCode: 'param',
      scopeName: '参数列表',
      scopePath: '/api/yuan-system/param/list',
      scopeType: 1,
    });
    expect(scope.statusCode).toBe(200);
    expect((await t.call('GET', '/api/yuan-system/param/list', user)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/yuan-system/param/list', admin)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/yuan-system/param/detail?id=1', user)).statusCode).toBe(404);

    await t.call('POST', '/api/yuan-system/role/grant', admin, {
      roleIds: role,
      menuIds: menus,
      apiScopeIds: scope.json().data.id,
    });
    expect((await t.call('GET', '/api/yuan-system/param/list', user)).statusCode).toBe(200);
  });
});
