import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic } from '../../../test/env.ts';
import { addUser } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { authModule } from './index.ts';

const switchTo = (t: TestApp, token: string, query: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token/refresh',
    headers: { authorization: basic(), 'blade-auth': `bearer ${token}` },
    query,
  });

describe('switch department and role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SWITCH_MODE: 'true' }, [authModule]);
    const root = t.database.root;
    const admin = await root
      .selectFrom('yuan_user')
      .select(['role_id', 'dept_id'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    await root
      .insertInto('yuan_dept')
      .values({ tenant_id: '000000', id: '5501', dept_name: '分部' })
      .execute();
    await root
      .insertInto('yuan_role')
      .values({ tenant_id: '000000', id: '5502', role_name: '审计', role_alias: 'auditor' })
      .execute();
    await addUser(t, {
      tenantId: '000000',
      id: '5503',
      account: 'multi',
      roleId: `${admin.role_id},5502`,
      deptId: `${admin.dept_id},5501`,
    });
  });
  afterAll(() => t.close());

  it('re-issues the session as the chosen department and role, and refreshes keep the choice', async () => {
    const login = await t.login({ username: 'multi' });
    expect(login.role_name.split(',').sort()).toEqual(['administrator', 'auditor']);
    const switched = await switchTo(t, login.access_token, { deptId: '5501', roleId: '5502' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ dept_id: '5501', role_id: '5502', role_name: 'auditor' });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/token',
      headers: { authorization: basic() },
      query: { grant_type: 'refresh_token', refresh_token: switched.json().refresh_token },
    });
    expect(refreshed.json()).toMatchObject({ dept_id: '5501', role_name: 'auditor' });
    // As an auditor (granted nothing) the system menus are gone.
    expect(
      (await t.call('GET', '/api/yuan-system/param/list', refreshed.json().access_token)).statusCode,
    ).toBe(403);
  });

  it('refuses departments and roles the user does not have, with the SPEC messages', async () => {
    const login = await t.login({ username: 'multi' });
    expect((await switchTo(t, login.access_token, { roleId: '5502' })).json().error_description).toBe(
      '请选择部门',
    );
    expect((await switchTo(t, login.access_token, { deptId: '5501' })).json().error_description).toBe(
      '请选择角色',
    );
    expect(
      (await switchTo(t, login.access_token, { deptId: '999', roleId: '5502' })).json().error_description,
    ).toBe('请选择部门');
    expect(
      (await switchTo(t, login.access_token, { deptId: '5501', roleId: '999' })).json().error_description,
    ).toBe('请选择角色');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/yuan-auth/oauth/token/refresh',
          query: { deptId: '5501', roleId: '5502' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('without switch mode', () => {
  it('refuses to switch', async () => {
    const t = await createTestApp({}, [authModule]);
    const login = await t.login();
    const res = await switchTo(t, login.access_token, { deptId: login.dept_id, roleId: login.role_id });
    expect(res.json().error_description).toBe('未开启部门与角色切换');
    await t.close();
  });
});
