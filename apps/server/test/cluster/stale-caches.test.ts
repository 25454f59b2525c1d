import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, twoTenants } from '../fixtures.ts';
import { ADMIN_PASSWORD } from '../env.ts';
import { createTestApp, secondNode, signIn, type TestApp } from '../harness.ts';
import { userModule } from '../../src/modules/user/index.ts';

/**
 * Two nodes on one PostgreSQL, as behind a load balancer: what a write on one makes stale is dropped on the other
 * within a second (issue 29), though each node caches sessions, grants and list totals for seconds.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof secondNode>>;
let tokens: Awaited<ReturnType<typeof twoTenants>>;

beforeAll(async () => {
  // The system, auth and log modules are always built (sessions, grants, the param list); the user module changes
  // passwords.
  a = await createTestApp({}, [userModule]);
  b = await secondNode(a, [userModule]);
  tokens = await twoTenants(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Milliseconds until `check` holds, asking every 20 ms; fails after 5 s. */
async function msUntil(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 5_000) {
      throw new Error('still not seen after 5 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('two nodes on one database', () => {
  it('a logout on one node is refused by the other within a second', async () => {
    const login = await a.login({ ip: '10.29.0.1' });
    // B has the session cached as live.
    expect((await b.call('GET', '/api/yuan-system/param/list', login.access_token)).statusCode).toBe(200);
    expect((await a.call('GET', '/api/yuan-auth/oauth/logout', login.access_token)).statusCode).toBe(200);
    const ms = await msUntil(
      async () => (await b.call('GET', '/api/yuan-system/param/list', login.access_token)).statusCode === 401,
    );
    expect(ms).toBeLessThan(1_000);
  });

  it('a removed permission is refused by the other node within a second', async () => {
    const menus = await a.database.root.selectFrom('yuan_menu').select(['id', 'code']).execute();
    const menuId = Object.fromEntries(menus.map((m) => [m.code, m.id]));
    const role = await a.call('POST', '/api/yuan-system/role/submit', tokens.a, {
      roleName: 'cluster clerk',
      roleAlias: 'clusterclerk',
      sort: 1,
    });
    const roleId = role.json().data.id as string;
    await addUser(a, { tenantId: '000000', id: String(Date.now()), account: 'clusterclerk', roleId });
    await a.call('POST', '/api/yuan-system/role/grant', tokens.a, { roleIds: roleId, menuIds: menuId.param });
    const clerk = (await a.login({ username: 'clusterclerk', ip: '10.29.0.2' })).access_token;
    expect((await b.call('GET', '/api/yuan-system/param/list', clerk)).statusCode).toBe(200);

    await a.call('POST', '/api/yuan-system/role/grant', tokens.a, { roleIds: roleId, menuIds: '' });
    const ms = await msUntil(
      async () => (await b.call('GET', '/api/yuan-system/param/list', clerk)).statusCode === 403,
    );
    expect(ms).toBeLessThan(1_000);
  });

  it("a new row is counted in the other node's list total within 1.5 s", async () => {
    const total = async () =>
      (await b.call('GET', '/api/yuan-system/param/list', tokens.a)).json().data.total as number;
    const before = await total();
    // Counted again, now from B's cache.
    expect(await total()).toBe(before);
    const added = await a.call('POST', '/api/yuan-system/param/submit', tokens.a, {
      paramName: 'cluster',
      paramKey: 'cluster.k',
      paramValue: 'v',
    });
    expect(added.json().success).toBe(true);
    const ms = await msUntil(async () => (await total()) === before + 1);
    expect(ms).toBeLessThan(1_500);
  });

  it('a changed password holds on the other node at once, and its other sessions end within a second', async () => {
    const admin = await a.database.root
      .selectFrom('yuan_user')
      .select('role_id')
      .where('account', '=', 'admin')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    await addUser(a, {
      tenantId: '000000',
      id: String(Date.now() + 1),
      account: 'clusterpw',
      roleId: admin.role_id,
    });
    const first = await a.login({ username: 'clusterpw', ip: '10.29.0.3' });
    const second = await a.login({ username: 'clusterpw', ip: '10.29.0.4' });
    expect((await b.call('GET', '/api/yuan-user/info', second.access_token)).statusCode).toBe(200);
    const changed = await a.call('POST', '/api/yuan-user/update-password', first.access_token, {
      oldPassword: ADMIN_PASSWORD,
      newPassword: 'Newer@123',
      newPassword1: 'Newer@123',
    });
    expect(changed.json().success).toBe(true);
    await expect(signIn(b.app, { username: 'clusterpw', ip: '10.29.0.5' })).rejects.toThrow(/login failed/);
    expect(
      (await signIn(b.app, { username: 'clusterpw', password: 'Newer@123', ip: '10.29.0.6' })).account,
    ).toBe('clusterpw');
    const ms = await msUntil(
      async () => (await b.call('GET', '/api/yuan-user/info', second.access_token)).statusCode === 401,
    );
    expect(ms).toBeLessThan(1_000);
  });
});
