import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic } from '../../../test/env.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/password.ts';
import { authModule } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [authModule]);
});
afterAll(() => t.close());

const userInfo = (header: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: '/api/yuan-auth/oauth/user-info',
    headers: header === undefined ? {} : { 'blade-auth': header },
  });

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token',
    headers: { authorization: basic() },
    query: { grant_type: 'refresh_token', refresh_token: refreshToken, tenantId: '000000', scope: 'all' },
  });

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access tokens', () => {
  it('opens user-info with a valid token', async () => {
    const login = await t.login();
    const res = await userInfo(`bearer ${login.access_token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      success: true,
      data: { account: 'admin', tenant_id: '000000' },
    });
    expect(res.json().data).not.toHaveProperty('access_token');
  });

  it('answers 401 in the envelope for missing, malformed, tampered, wrongly signed, alg none and expired tokens', async () => {
    const login = await t.login();
    const [h, p, s] = login.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${b64({ ...claims, sub: '1' })}.${s}`;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`;
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(t.config.jwtSecret);
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(t.config.jwtSecret);
    const cases = [
      undefined,
      '',
      'bearer',
      `basic ${login.access_token}`,
      'bearer not-a-token',
      `bearer ${tampered}`,
      `bearer ${none}`,
      `bearer ${otherKey}`,
      `bearer ${expired}`,
      `bearer ${hs512}`,
      `bearer ${login.access_token}x`,
    ];
    for (const header of cases) {
      const res = await userInfo(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.json()).toEqual({ code: 401, success: false, msg: '请求未授权，请重新登录', data: null });
    }
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh gives new tokens and the old refresh token is spent', async () => {
    const login = await t.login();
    const first = await refresh(login.refresh_token);
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh_token).not.toBe(login.refresh_token);
    expect((await userInfo(`bearer ${next.access_token}`)).statusCode).toBe(200);
    const second = await refresh(next.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is reused', async () => {
    const login = await t.login();
    const rotated = (await refresh(login.refresh_token)).json();
    const reuse = await refresh(login.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(400);
    expect((await userInfo(`bearer ${rotated.access_token}`)).statusCode).toBe(401);
    expect((await userInfo(`bearer ${login.access_token}`)).statusCode).toBe(401);
    const other = await t.login();
    expect((await userInfo(`bearer ${other.access_token}`)).statusCode).toBe(200);
  });

  it('refuses unknown, missing and oversized refresh tokens and another client', async () => {
    expect((await refresh('no-such-token')).statusCode).toBe(400);
    expect((await refresh('x'.repeat(5000))).statusCode).toBe(400);
    const login = await t.login();
    await t.database.root
      .insertInto('yuan_client')
      .values({ id: '42', client_id: 'other-app', client_secret: await hashPassword('other-secret-1') })
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/token',
      headers: { authorization: basic('other-app', 'other-secret-1') },
      query: { grant_type: 'refresh_token', refresh_token: login.refresh_token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });
});

describe('logout', () => {
  it('GET logout ends the session: the access and refresh tokens are refused afterwards', async () => {
    const login = await t.login();
    const out = await t.call('GET', '/api/yuan-auth/oauth/logout', login.access_token);
    expect(out.statusCode).toBe(200);
    expect(out.json().success).toBe(true);
    expect((await userInfo(`bearer ${login.access_token}`)).statusCode).toBe(401);
    expect((await refresh(login.refresh_token)).statusCode).toBe(400);
  });

  it('POST logout stores the uploaded client error log', async () => {
    const login = await t.login();
    const logs = [
      { type: 'error', url: '/wel/index', message: 'boom', stack: 'at x', time: '2026-01-01 00:00:00' },
    ];
    const out = await t.call('POST', '/api/yuan-auth/oauth/logout', login.access_token, logs);
    expect(out.statusCode).toBe(200);
    const rows = await t.database.root
      .selectFrom('yuan_log_error')
      .selectAll()
      .where('message', '=', 'boom')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'client',
      request_uri: '/wel/index',
      create_by: 'admin',
      tenant_id: '000000',
    });
    expect((await userInfo(`bearer ${login.access_token}`)).statusCode).toBe(401);
  });

  it('POST logout with a malformed log body is refused and changes nothing', async () => {
    const login = await t.login();
    const before = await t.database.root.selectFrom('yuan_log_error').select('id').execute();
    const bad = await t.call('POST', '/api/yuan-auth/oauth/logout', login.access_token, {
      logs: 'not a list',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    const tooMany = Array.from({ length: 201 }, () => ({ type: 'error' }));
    expect(
      (await t.call('POST', '/api/yuan-auth/oauth/logout', login.access_token, tooMany)).statusCode,
    ).toBe(400);
    const after = await t.database.root.selectFrom('yuan_log_error').select('id').execute();
    expect(after).toHaveLength(before.length);
    expect((await userInfo(`bearer ${login.access_token}`)).statusCode).toBe(200);
  });

  it('client-log uploads entries without ending the session', async () => {
    const login = await t.login();
    const res = await t.call('POST', '/api/yuan-auth/oauth/client-log', login.access_token, {
      logs: [{ type: 'unhandledrejection', message: 'nope' }],
    });
    expect(res.json()).toMatchObject({ success: true, data: 1 });
    expect((await userInfo(`bearer ${login.access_token}`)).statusCode).toBe(200);
  });

  it('clear-cache answers 清除完毕', async () => {
    const login = await t.login();
    const res = await t.call('GET', '/api/yuan-auth/oauth/clear-cache', login.access_token);
    expect(res.json()).toMatchObject({ success: true, msg: '清除完毕' });
  });
});
