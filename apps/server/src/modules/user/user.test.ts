import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refsOf, TENANT_B, twoTenants } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { userModule } from './index.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof twoTenants>>;
let refs: Awaited<ReturnType<typeof refsOf>>;
beforeAll(async () => {
  t = await createTestApp({}, [userModule]);
  tokens = await twoTenants(t);
  refs = await refsOf(t, '000000');
});
afterAll(() => t.close());

const user = (account: string, extra: object = {}) => ({
  account,
  name: account,
  realName: `${account} 姓名`,
  password: 'Secret@123',
  roleId: refs.roleId,
  deptId: refs.deptId,
  postId: refs.postId,
  ...extra,
});
const add = (body: object, token = tokens.a) => t.call('POST', '/api/yuan-user/submit', token, body);

describe('users', () => {
  it('adds a user who can sign in; the password is hashed and never returned', async () => {
    const res = await add(user('alice'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).not.toHaveProperty('password');
    const stored = await t.database.root
      .selectFrom('yuan_user')
      .select('password')
      .where('account', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^\$argon2id\$/);
    const login = await t.login({ username: 'alice', password: 'Secret@123', ip: '10.5.0.1' });
    expect(login.account).toBe('alice');
    const page = (
      await t.call('GET', `/api/yuan-user/page?deptId=${refs.deptId}&account=ali`, tokens.a)
    ).json().data;
    expect(page.records.map((r: { account: string }) => r.account)).toEqual(['alice']);
    expect(page.records[0]).not.toHaveProperty('password');
  });

  it('validates: messages, unique account, own roles only, password on add', async () => {
    expect((await add({ ...user('bob'), account: '' })).json().msg).toBe('请输入登录账号');
    expect((await add({ ...user('bob'), roleId: undefined })).json().msg).toBe('请选择所属角色');
    expect((await add({ ...user('bob'), password: undefined })).json().msg).toBe('密码必须填写');
    expect((await add({ ...user('bob'), password: '123' })).statusCode).toBe(400);
    await add(user('carol'));
    expect((await add(user('carol'))).json().msg).toBe('登录账号“carol”已存在');
    const bRefs = await refsOf(t, TENANT_B);
    expect((await add({ ...user('dave'), roleId: bRefs.roleId })).statusCode).toBe(404);
  });

  it('enforces the tenant account quota', async () => {
    const used = Number(
      (
        await t.database.root
          .selectFrom('yuan_user')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', '000000')
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    await t.database.root
      .updateTable('yuan_tenant')
      .set({ account_number: used })
      .where('tenant_id', '=', '000000')
      .execute();
    const refused = await add(user('over'));
    expect(refused.json()).toMatchObject({ success: false, msg: '当前租户已到最大账号额度' });
    await t.database.root
      .updateTable('yuan_tenant')
      .set({ account_number: -1 })
      .where('tenant_id', '=', '000000')
      .execute();
    expect((await add(user('over'))).statusCode).toBe(200);
  });

  it('update-password checks the old one, the confirmation, and ends the other sessions', async () => {
    await add(user('erin'));
    const first = await t.login({ username: 'erin', password: 'Secret@123', ip: '10.5.0.2' });
    const second = await t.login({ username: 'erin', password: 'Secret@123', ip: '10.5.0.3' });
    const url = '/api/yuan-user/update-password';
    expect(
      (
        await t.call('POST', url, first.access_token, {
          oldPassword: 'nope',
          newPassword: 'Newer@123',
          newPassword1: 'Newer@123',
        })
      ).json().msg,
    ).toBe('原密码不正确');
    expect(
      (
        await t.call('POST', url, first.access_token, {
          oldPassword: 'Secret@123',
          newPassword: 'Newer@123',
          newPassword1: 'Other@123',
        })
      ).json().msg,
    ).toBe('两次密码输入不一致');
    expect(
      (
        await t.call('POST', url, first.access_token, {
          oldPassword: 'Secret@123',
          newPassword: 'Newer@123',
          newPassword1: 'Newer@123',
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.call('GET', '/api/yuan-user/info', first.access_token)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/yuan-user/info', second.access_token)).statusCode).toBe(401);
    expect((await t.login({ username: 'erin', password: 'Newer@123', ip: '10.5.0.4' })).account).toBe('erin');
  });

  it('reset-password sets the tenant initial password; unlock clears the login lock; grant sets roles', async () => {
    const id = (await add(user('frank'))).json().data.id;
    await t.call('POST', '/api/yuan-system/param/submit', tokens.a, {
      paramName: '初始密码',
      paramKey: 'account.initPassword',
      paramValue: 'Init@2026',
    });
    expect((await t.call('POST', `/api/yuan-user/reset-password?userIds=${id}`, tokens.a)).statusCode).toBe(
      200,
    );
    expect((await t.login({ username: 'frank', password: 'Init@2026', ip: '10.5.0.5' })).account).toBe(
      'frank',
    );

    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/yuan-auth/oauth/token',
        headers: { authorization: `Basic ${Buffer.from('yuan-web:yuan-web-secret').toString('base64')}` },
        remoteAddress: `10.6.0.${i}`,
        query: { tenantId: '000000', username: 'frank', password: 'bad', grant_type: 'password' },
      });
    }
    await expect(t.login({ username: 'frank', password: 'Init@2026', ip: '10.6.1.1' })).rejects.toThrow(
      /分钟后再试/,
    );
    expect((await t.call('POST', '/api/yuan-user/unlock', tokens.a, { userIds: id })).statusCode).toBe(200);
    expect((await t.login({ username: 'frank', password: 'Init@2026', ip: '10.6.1.2' })).account).toBe(
      'frank',
    );

    const role = await t.call('POST', '/api/yuan-system/role/submit', tokens.a, {
      roleName: '出纳',
      roleAlias: 'cashier',
      sort: 1,
    });
    expect(
      (await t.call('POST', '/api/yuan-user/grant', tokens.a, { userIds: id, roleIds: role.json().data.id }))
        .statusCode,
    ).toBe(200);
    const relogin = await t.login({ username: 'frank', password: 'Init@2026', ip: '10.6.1.3' });
    expect(relogin.role_name).toBe('cashier');
  });

  it("refuses another tenant's users everywhere", async () => {
    const id = (await add(user('grace'))).json().data.id;
    expect((await t.call('POST', `/api/yuan-user/reset-password?userIds=${id}`, tokens.b)).statusCode).toBe(
      404,
    );
    expect((await t.call('POST', '/api/yuan-user/unlock', tokens.b, { userIds: id })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/yuan-user/detail?id=${id}`, tokens.b)).statusCode).toBe(404);
    const info = (await t.call('GET', '/api/yuan-user/info', tokens.a)).json().data;
    expect(info).toMatchObject({ account: 'admin', tenantId: '000000', roleNames: ['超级管理员'] });
    expect(info).not.toHaveProperty('password');
  });
});
