import { describe, expect, it } from 'vitest';
import { basic } from '../../../test/env.ts';
import { checksums, twoTenantApp } from '../../../test/fixtures.ts';
import { userModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [userModule]);
const REGISTER = '/api/yuan-user/register-guest';

let address = 0;
/** Each call from its own address unless one is given, so the per-address limit only bites where tested. */
function register(body: Record<string, unknown>, ip = `10.77.0.${++address}`) {
  return t.app.inject({ method: 'POST', url: REGISTER, remoteAddress: ip, payload: body });
}

function signIn(account: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token',
    headers: { authorization: basic() },
    remoteAddress: ip,
    query: { tenantId: '000000', username: account, password, grant_type: 'password', scope: 'all' },
  });
}

const valid = {
  tenantId: '000000',
  name: '访客',
  account: 'guest1',
  password: 'Guest@2026',
  password2: 'Guest@2026',
};

describe('registration', () => {
  it('creates an account without a role that signs in once an administrator grants one', async () => {
    const answer = await register(valid);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, msg: '注册成功，请等待管理员审核' });
    const waiting = await signIn('guest1', 'Guest@2026', '10.78.0.1');
    expect(waiting.json().error_description).toBe('账号尚未分配角色，请联系管理员');

    const found = (await t.call('GET', '/api/yuan-user/page?account=guest1', tokens.a)).json().data.records;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: '访客', roleId: '' });
    expect(found[0].password).toBeUndefined();
    const roles = (await t.call('GET', '/api/yuan-system/role/list', tokens.a)).json().data.records;
    const tourist = roles.find((r: { roleAlias: string }) => r.roleAlias === 'tourist');
    const granted = await t.call('POST', '/api/yuan-user/grant', tokens.a, {
      userIds: found[0].id,
      roleIds: tourist.id,
    });
    expect(granted.statusCode).toBe(200);
    expect((await signIn('guest1', 'Guest@2026', '10.78.0.2')).statusCode).toBe(200);
  });

  it('refuses bad input with the form messages and writes nothing', async () => {
    const before = await checksums(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, tenantId: '' }, '请先输入租户编号'],
      [{ ...valid, tenantId: undefined }, '请先输入租户编号'],
      [{ ...valid, account: '  ' }, '请先输入账号名称'],
      [{ ...valid, password: '', password2: '' }, '请先输入密码'],
      [{ ...valid, password2: 'Other@2026' }, '两次密码输入不一致'],
      [{ ...valid, password: '123', password2: '123' }, '密码长度不能少于6位'],
      [{ ...valid, email: 'not-an-email' }, '邮箱格式不正确'],
      [{ ...valid, account: 'guest1' }, '登录账号已存在'],
      [{ ...valid, account: 'other', tenantId: '999999' }, '租户不存在或已停用'],
      [{ ...valid, tenantId: "0' OR 1" }, '格式不正确'],
      [{ ...valid, tenantId: "0'; DROP TABLE yuan_user; --" }, '长度不能超过12个字符'],
      [{ ...valid, account: "x' OR 1=1 --" }, '格式不正确'],
      [{ ...valid, account: 'linked', oauthId: '12345' }, '第三方账号不存在或已绑定'],
      [{ ...valid, account: 'extra', role: 'administrator' }, ''],
    ];
    for (const [body, message] of cases) {
      const answer = await register(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().msg).toContain(message);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/json' },
      payload: '{"tenantId":',
    });
    expect(broken.statusCode).toBe(400);
    expect(await checksums(t)).toEqual(before);
  });

  it("registers into the tenant named, whose quota holds; other tenants' accounts are separate", async () => {
    expect((await register({ ...valid, tenantId: '200002', account: 'guest1' })).statusCode).toBe(200);
    await t.database.root
      .updateTable('yuan_tenant')
      .set({ account_number: 1 })
      .where('tenant_id', '=', '200002')
      .execute();
    const full = await register({ ...valid, tenantId: '200002', account: 'guest2' });
    expect(full.statusCode).toBe(400);
    expect(full.json().msg).toBe('当前租户已到最大账号额度');
  });

  it('limits registrations per address', async () => {
    const ip = '10.79.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await register({ ...valid, account: `burst${i}` }, ip)).statusCode).toBe(200);
    }
    const sixth = await register({ ...valid, account: 'burst5' }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toBe('您的操作过于频繁，请稍后再试');
  });
});
