import { expect } from 'vitest';
import { ADMIN_PASSWORD } from './env.ts';
import type { TestApp } from './harness.ts';

export interface ScopedUserOptions {
  /** The screen's menu code and the button codes granted with it. */
  menu: string;
  buttons: string[];
  /** The data scope: on which resource, its type (SPEC: 2 own, 3 own dept, 4 dept and children, 5 custom), column and value. */
  scope?: { resourceCode: string; type: number; column: string; value?: string };
  deptId: string;
  postId: string;
}

let n = 0;

/**
 * A new role granted one screen, some of its buttons and optionally one data scope, and a signed-in user of that role
 * in the given department: answers the user's token.
 */
export async function scopedUser(t: TestApp, admin: string, options: ScopedUserOptions): Promise<string> {
  n++;
  const menus = Object.fromEntries(
    (await t.database.root.selectFrom('yuan_menu').select(['id', 'code']).execute()).map((m) => [
      m.code,
      m.id,
    ]),
  );
  let dataScopeIds = '';
  if (options.scope) {
    const scope = await t.call('POST', '/api/yuan-system/data-scope/submit', admin, {
      menuId: menus[options.menu],
      resourceCode: options.scope.resourceCode,
      scopeName: `scope ${n}`,
      scopeColumn: options.scope.column,
      scopeType: options.scope.type,
      scopeValue: options.scope.value ?? '',
    });
    dataScopeIds = scope.json().data.id;
  }
  const role = await t.call('POST', '/api/yuan-system/role/submit', admin, {
    roleName: `r${n}`,
    roleAlias: `scoped-${n}`,
    sort: 1,
  });
  const roleId = role.json().data.id;
  const menuIds = [options.menu, ...options.buttons].map((c) => menus[c]).join(',');
  const grant = await t.call('POST', '/api/yuan-system/role/grant', admin, {
    roleIds: roleId,
    menuIds,
    ...(dataScopeIds ? { dataScopeIds } : {}),
  });
  expect(grant.statusCode).toBe(200);
  const account = `scoped${n}`;
  const user = await t.call('POST', '/api/yuan-user/submit', admin, {
    account,
    name: account,
    realName: account,
    password: ADMIN_PASSWORD,
    roleId,
    deptId: options.deptId,
    postId: options.postId,
  });
  expect(user.statusCode).toBe(200);
  return (await t.login({ username: account, ip: `10.8.0.${n}` })).access_token;
}
