import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, basic } from '../../../../test/env.ts';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { systemModule } from '../index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [systemModule]);

const base = {
  clientId: 'mobile-app',
  scope: 'all',
  authorizedGrantTypes: 'password,refresh_token',
  accessTokenValidity: 1800,
  refreshTokenValidity: 86_400,
};
const submit = (body: object, token = tokens.a) =>
  t.call('POST', '/api/yuan-system/client/submit', token, body);

describe('clients', () => {
  it('stores the secret as a hash, never returns it, and the token endpoint accepts the new client', async () => {
    const created = await submit({ ...base, clientSecret: 'mobile-secret-1' });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).not.toHaveProperty('clientSecret');
    const stored = await t.database.root
      .selectFrom('yuan_client')
      .select(['client_secret', 'access_token_validity'])
      .where('client_id', '=', 'mobile-app')
      .executeTakeFirstOrThrow();
    expect(stored.client_secret).toMatch(/^\$argon2id\$/);
    const list = (await t.call('GET', '/api/yuan-system/client/list?clientId=mobile', tokens.a)).json().data;
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).not.toHaveProperty('clientSecret');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/token',
      headers: { authorization: basic('mobile-app', 'mobile-secret-1') },
      query: { tenantId: '000000', username: 'admin', password: ADMIN_PASSWORD, grant_type: 'password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().expires_in).toBe(1800);

    const kept = await submit({ ...base, id: created.json().data.id, scope: 'server' });
    expect(kept.statusCode).toBe(200);
    const again = await t.database.root
      .selectFrom('yuan_client')
      .select('client_secret')
      .where('client_id', '=', 'mobile-app')
      .executeTakeFirstOrThrow();
    expect(again.client_secret).toBe(stored.client_secret);
  });

  it('requires a secret of at least 8 characters on create and a unique client id', async () => {
    expect((await submit({ ...base, clientId: 'no-secret' })).json().msg).toBe('应用密钥必须填写');
    expect((await submit({ ...base, clientId: 'short', clientSecret: 'abc' })).statusCode).toBe(400);
    expect((await submit({ ...base, clientSecret: 'another-secret' })).json().msg).toBe(
      '应用ID“mobile-app”已存在',
    );
    expect(
      (
        await submit({ ...base, clientId: 'x', clientSecret: 'another-secret', accessTokenValidity: 5 })
      ).json().msg,
    ).toBe('令牌过期秒数必须在60到2592000之间');
  });

  it("is platform data: another tenant's administrator is refused", async () => {
    expect((await t.call('GET', '/api/yuan-system/client/list', tokens.b)).statusCode).toBe(403);
    expect(
      (await submit({ ...base, clientId: 'b-client', clientSecret: 'b-secret-123' }, tokens.b)).statusCode,
    ).toBe(403);
  });
});

describe('tenant packages', () => {
  it('validates with the SPEC messages and stores the menu list', async () => {
    const url = '/api/yuan-system/tenant-package/submit';
    expect((await t.call('POST', url, tokens.a, { menuId: '1,2' })).json().msg).toBe('请输入产品包名称');
    expect((await t.call('POST', url, tokens.a, { packageName: 'Basic' })).json().msg).toBe('请选择菜单');
    expect((await t.call('POST', url, tokens.a, { packageName: 'Basic', menuId: '1,x' })).statusCode).toBe(
      400,
    );
    const ok = await t.call('POST', url, tokens.a, {
      packageName: 'Basic',
      menuId: '1,2,3',
      remark: 'starter',
    });
    expect(ok.json().data).toMatchObject({ packageName: 'Basic', menuId: '1,2,3', remark: 'starter' });
    expect(ok.json().data).not.toHaveProperty('tenantId');
  });
});
