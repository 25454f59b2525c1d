import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, basic } from '../../../test/env.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { authModule } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [authModule]);
});
afterAll(() => t.close());

type TokenCall = { auth?: string; ip?: string; lang?: string; forwardedFor?: string; app?: TestApp };
const token = (query: Record<string, string>, opts: TokenCall = {}) =>
  (opts.app ?? t).app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token',
    query,
    remoteAddress: opts.ip ?? '10.1.0.1',
    headers: {
      ...(opts.auth === '' ? {} : { authorization: opts.auth ?? basic() }),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
    },
  });

const pw = (username: string, password: string) => ({
  tenantId: '000000',
  username,
  password,
  grant_type: 'password',
  scope: 'all',
});

describe('password grant', () => {
  it('returns the user info fields and tokens', async () => {
    const res = await token(pw('admin', ADMIN_PASSWORD));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const field of [
      'user_id',
      'account',
      'user_name',
      'nick_name',
      'role_name',
      'role_id',
      'dept_id',
      'tenant_id',
      'avatar',
    ]) {
      expect(body).toHaveProperty(field);
    }
    expect(body).toMatchObject({
      account: 'admin',
      tenant_id: '000000',
      role_name: 'administrator',
      token_type: 'bearer',
    });
    expect(body.expires_in).toBe(3600);
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(typeof body.user_id).toBe('string');
  });

  it('accepts the parameters as a form body and as JSON', async () => {
    const params = new URLSearchParams(pw('admin', ADMIN_PASSWORD)).toString();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/token',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: params,
    });
    expect(form.statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/token',
      headers: { authorization: basic() },
      payload: pw('admin', ADMIN_PASSWORD),
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().access_token).toBeTruthy();
  });

  it('refuses a wrong password in the caller language', async () => {
    const zh = await token(pw('admin', 'wrong-password'), { ip: '10.1.1.1' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
    const en = await token(pw('nobody', 'wrong-password'), { ip: '10.1.1.2', lang: 'en-US' });
    expect(en.json().error_description).toBe('Wrong account or password');
  });

  it('authenticates the client', async () => {
    const missing = await token(pw('admin', ADMIN_PASSWORD), { auth: '' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('invalid_client');
    const wrongSecret = await token(pw('admin', ADMIN_PASSWORD), {
      auth: basic('yuan-web', 'not-the-secret'),
    });
    expect(wrongSecret.statusCode).toBe(401);
    const unknown = await token(pw('admin', ADMIN_PASSWORD), { auth: basic('other', 'yuan-web-secret') });
    expect(unknown.statusCode).toBe(401);
    const garbage = await token(pw('admin', ADMIN_PASSWORD), { auth: 'Basic %%%' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error_description).toBe('客户端认证失败');
  });

  it('rejects missing, unknown, oversized and non-string parameters without a 500', async () => {
    const noGrant = await token({ username: 'admin', password: ADMIN_PASSWORD });
    expect(noGrant.statusCode).toBe(400);
    expect(noGrant.json().error_description).toContain('grant_type');
    const badGrant = await token({ ...pw('admin', ADMIN_PASSWORD), grant_type: 'implicit' });
    expect(badGrant.statusCode).toBe(400);
    expect(badGrant.json().error).toBe('unsupported_grant_type');
    const noUser = await token({ grant_type: 'password', password: 'x' });
    expect(noUser.statusCode).toBe(400);
    const huge = await token(pw('admin', 'x'.repeat(100_000)), { ip: '10.1.2.1' });
    expect(huge.statusCode).toBe(400);
    const badTenant = await token({
      ...pw('admin', ADMIN_PASSWORD),
      tenantId: "0'; drop table yuan_user;--",
    });
    expect(badTenant.statusCode).toBe(400);
    const arrayParam = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/token',
      headers: { authorization: basic() },
      payload: { grant_type: 'password', username: ['admin'], password: ADMIN_PASSWORD },
    });
    expect(arrayParam.statusCode).toBe(400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/token',
      headers: { authorization: basic(), 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toHaveProperty('error_description');
    const ok = await token(pw('admin', ADMIN_PASSWORD));
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an unknown or expired tenant', async () => {
    const unknown = await token({ ...pw('admin', ADMIN_PASSWORD), tenantId: '999999' });
    expect(unknown.json().error_description).toBe('租户不存在或已停用');
    await t.database.root
      .updateTable('yuan_tenant')
      .set({ expire_time: new Date(Date.now() - 1000) })
      .execute();
    const expired = await token(pw('admin', ADMIN_PASSWORD));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error_description).toBe('租户授权已过期，请联系管理员');
    await t.database.root.updateTable('yuan_tenant').set({ expire_time: null }).execute();
  });
});

describe('login lock', () => {
  it('locks an account after 5 failures, even for the right password, and says for how long', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await token(pw('admin', `bad-${i}`), { ip: `10.2.0.${i + 1}` });
      expect(res.json().error_description).toBe('用户名或密码错误');
    }
    const locked = await token(pw('admin', ADMIN_PASSWORD), { ip: '10.2.1.1' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error_description).toBe('登录失败次数过多，请30分钟后再试');
    const en = await token(pw('admin', ADMIN_PASSWORD), { ip: '10.2.1.1', lang: 'en' });
    expect(en.json().error_description).toBe('Too many failed sign-ins; try again in 30 minutes');
    await t.database.root.deleteFrom('yuan_login_failure').execute();
    expect((await token(pw('admin', ADMIN_PASSWORD))).statusCode).toBe(200);
  });

  it('locks an IP after 5 failures on any accounts; other IPs are unaffected', async () => {
    for (let i = 0; i < 5; i++) {
      await token(pw(`ghost${i}`, 'bad'), { ip: '10.3.0.1' });
    }
    const fromLocked = await token(pw('admin', ADMIN_PASSWORD), { ip: '10.3.0.1' });
    expect(fromLocked.json().error_description).toMatch(/分钟后再试/);
    const fromOther = await token(pw('admin', ADMIN_PASSWORD), { ip: '10.3.0.2' });
    expect(fromOther.statusCode).toBe(200);
  });

  it('counts the caller a proxy named in TRUST_PROXY forwards, and ignores X-Forwarded-For from anyone else', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.9.9.9' }, [authModule]);
    try {
      const via = (forwardedFor: string) => ({ app: proxied, ip: '10.9.9.9', forwardedFor });
      for (let i = 0; i < 5; i++) {
        await token(pw(`ghost-p${i}`, 'bad'), via('10.3.1.1'));
      }
      expect((await token(pw('admin', ADMIN_PASSWORD), via('10.3.1.1'))).json().error_description).toMatch(
        /分钟后再试/,
      );
      // Another caller behind the same proxy is not locked out with the first.
      expect((await token(pw('admin', ADMIN_PASSWORD), via('10.3.1.2'))).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY a caller cannot pick the address its failures count against.
    for (let i = 0; i < 5; i++) {
      await token(pw(`ghost-f${i}`, 'bad'), { ip: '10.3.2.1', forwardedFor: `10.3.3.${i}` });
    }
    const spoofed = await token(pw('admin', ADMIN_PASSWORD), { ip: '10.3.2.1', forwardedFor: '10.3.3.9' });
    expect(spoofed.json().error_description).toMatch(/分钟后再试/);
  });

  it('lets the lock expire after its window', async () => {
    for (let i = 0; i < 5; i++) {
      await token(pw('ghost-expiring', 'bad'), { ip: '10.4.0.1' });
    }
    expect((await token(pw('admin', ADMIN_PASSWORD), { ip: '10.4.0.1' })).statusCode).toBe(400);
    await t.database.root
      .updateTable('yuan_login_failure')
      .set({ locked_until: new Date(Date.now() - 1000), window_start: new Date(Date.now() - 31 * 60_000) })
      .execute();
    expect((await token(pw('admin', ADMIN_PASSWORD), { ip: '10.4.0.1' })).statusCode).toBe(200);
  });
});
