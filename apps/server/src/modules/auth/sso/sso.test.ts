import type { TokenResponse } from '@yuan/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { basic } from '../../../../test/env.ts';
import { TENANT_B, twoTenantApp } from '../../../../test/fixtures.ts';
import { nextId } from '../../../lib/id.ts';
import { hashPassword } from '../../../lib/password.ts';
import { useTestSmtp } from '../../../../test/peers/smtp-server.ts';
import { authModule } from '../index.ts';

const PORTAL = { id: 'portal', secret: 'portal-secret-0123456789' };
const CALLBACK = 'https://portal.example/cb';
const smtp = useTestSmtp();
const { t, tokens } = twoTenantApp(smtp.env, [authModule]);

beforeAll(async () => {
  await t.database.root
    .insertInto('yuan_client')
    .values({
      id: nextId(),
      client_id: PORTAL.id,
      client_secret: await hashPassword(PORTAL.secret),
      authorized_grant_types: 'authorization_code,refresh_token',
      web_server_redirect_uri: `${CALLBACK},https://portal.example/other`,
    })
    .execute();
  await t.database.root
    .updateTable('yuan_user')
    .set({ email: 'admin@yuan.test' })
    .where('account', '=', 'admin')
    .execute();
});

const authorize = (token: string, body: Record<string, string>) =>
  t.call('POST', '/api/yuan-auth/oauth/authorize', token, body);

function exchange(params: Record<string, string>, client = basic(PORTAL.id, PORTAL.secret)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token',
    headers: { authorization: client },
    payload: { grant_type: 'authorization_code', ...params },
  });
}

const codeOf = (redirect: string) => new URL(redirect).searchParams.get('code') ?? '';

describe('single sign-on (authorization code)', () => {
  it('gives a registered client a one-time code for the signed-in user; a replay ends that session', async () => {
    const answer = await authorize(tokens.a, { client_id: PORTAL.id, redirect_uri: CALLBACK, state: 'xyz' });
    const redirect = new URL(answer.json().data.redirect);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(CALLBACK);
    expect(redirect.searchParams.get('state')).toBe('xyz');
    const code = redirect.searchParams.get('code') ?? '';

    const signed = await exchange({ code, redirect_uri: CALLBACK });
    expect(signed.statusCode).toBe(200);
    const token = signed.json<TokenResponse>();
    expect(token).toMatchObject({ account: 'admin', tenant_id: '000000' });
    expect((await t.call('GET', '/api/yuan-auth/oauth/user-info', token.access_token)).statusCode).toBe(200);

    const replay = await exchange({ code, redirect_uri: CALLBACK });
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: '授权码无效或已过期' });
    // Someone holds a copy of the code: the session it started ends.
    expect((await t.call('GET', '/api/yuan-auth/oauth/user-info', token.access_token)).statusCode).toBe(401);
  });

  it('binds the code to its client and redirect_uri, and lets it expire', async () => {
    const fresh = async () =>
      codeOf(
        (await authorize(tokens.a, { client_id: PORTAL.id, redirect_uri: CALLBACK })).json().data.redirect,
      );

    // A mismatch spends the code too: it cannot be retried with the right values.
    const misdirected = await fresh();
    expect(
      (await exchange({ code: misdirected, redirect_uri: 'https://portal.example/other' })).statusCode,
    ).toBe(400);
    expect((await exchange({ code: misdirected, redirect_uri: CALLBACK })).statusCode).toBe(400);

    const stolen = await fresh();
    const other = await exchange({ code: stolen, redirect_uri: CALLBACK }, basic());
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('invalid_grant');

    const late = await fresh();
    await t.database.root
      .updateTable('yuan_sso_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await exchange({ code: late, redirect_uri: CALLBACK })).json().error).toBe('invalid_grant');

    expect((await exchange({ redirect_uri: CALLBACK })).json().error).toBe('invalid_request');
    expect((await exchange({ code: 'x' })).json().error).toBe('invalid_request');
    expect((await exchange({ code: 'made-up', redirect_uri: CALLBACK })).json().error).toBe('invalid_grant');
    expect(
      (await exchange({ code: await fresh(), redirect_uri: CALLBACK }, basic(PORTAL.id, 'wrong'))).statusCode,
    ).toBe(401);
  });

  it('refuses unknown clients, unregistered redirects and callers without a session', async () => {
    const before = await t.database.root.selectFrom('yuan_sso_code').select('id').execute();
    const unknown = await authorize(tokens.a, { client_id: 'nobody', redirect_uri: CALLBACK });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('应用不存在或未开启单点登录');
    const open = await authorize(tokens.a, { client_id: PORTAL.id, redirect_uri: 'https://evil.example/cb' });
    expect(open.json().msg).toBe('回调地址未登记');
    // A registered address with something appended is another address.
    const appended = await authorize(tokens.a, { client_id: PORTAL.id, redirect_uri: `${CALLBACK}/../x` });
    expect(appended.statusCode).toBe(400);
    expect(
      (await authorize(tokens.a, { client_id: PORTAL.id, redirect_uri: 'javascript:alert(1)' })).statusCode,
    ).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/authorize',
      payload: { client_id: PORTAL.id, redirect_uri: CALLBACK },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.database.root.selectFrom('yuan_sso_code').select('id').execute()).toEqual(before);
  });

  it('refuses a client without registered redirects (the column may be NULL) with a clear 400', async () => {
    await t.database.root
      .insertInto('yuan_client')
      .values({
        id: nextId(),
        client_id: 'no-redirects',
        client_secret: await hashPassword(PORTAL.secret),
        authorized_grant_types: 'authorization_code',
        web_server_redirect_uri: null,
      })
      .execute();
    const r = await authorize(tokens.a, { client_id: 'no-redirects', redirect_uri: CALLBACK });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('回调地址未登记');
  });

  it("signs a tenant's own user in: the code carries its tenant", async () => {
    const redirect = (await authorize(tokens.b, { client_id: PORTAL.id, redirect_uri: CALLBACK })).json().data
      .redirect;
    const token = (await exchange({ code: codeOf(redirect), redirect_uri: CALLBACK })).json<TokenResponse>();
    expect(token.tenant_id).toBe(TENANT_B);
  });

  it('respects the tenant requiring a second factor: the code answers mfa_required, not a token', async () => {
    const paramId = nextId();
    await t.database.root
      .insertInto('yuan_param')
      .values({
        tenant_id: '000000',
        id: paramId,
        param_name: 'MFA',
        param_key: 'auth.mfa',
        param_value: 'all',
      })
      .execute();
    try {
      const answer = await authorize(tokens.a, { client_id: PORTAL.id, redirect_uri: CALLBACK });
      const signed = await exchange({ code: codeOf(answer.json().data.redirect), redirect_uri: CALLBACK });
      expect(signed.statusCode).toBe(401);
      expect(signed.json()).toMatchObject({ error: 'mfa_required', setup: true });
      expect(signed.json().access_token).toBeUndefined();
    } finally {
      await t.database.root.deleteFrom('yuan_param').where('id', '=', paramId).execute();
    }
  });

  it('asks for an e-mailed code first when the tenant sets sso.emailVerify', async () => {
    await t.database.root
      .insertInto('yuan_param')
      .values({
        tenant_id: '000000',
        id: nextId(),
        param_name: 'SSO',
        param_key: 'sso.emailVerify',
        param_value: 'true',
      })
      .execute();
    const pending = (
      await authorize(tokens.a, { client_id: PORTAL.id, redirect_uri: CALLBACK, state: 's1' })
    ).json().data;
    expect(pending).toEqual({ ssoCode: expect.any(String), email: 'a***@yuan.test' });
    const mail = smtp
      .mails()
      .filter((m) => m.rcptTo.includes('admin@yuan.test'))
      .at(-1);
    expect(mail?.headers.get('subject')).toBe('邮箱验证码');
    const verCode = smtp.lastCodeTo('admin@yuan.test');
    const wrong = verCode === '000000' ? '111111' : '000000';

    const check = (token: string, body: Record<string, string>) =>
      t.call('POST', '/api/yuan-auth/oauth/checkEmailVerifyCode', token, body);
    expect((await check(tokens.a, { verCode: wrong, ssoCode: pending.ssoCode })).json().msg).toBe(
      '验证码不正确或已过期',
    );
    // Another user cannot finish someone else's authorization, even with the right code.
    expect((await check(tokens.noPerm, { verCode, ssoCode: pending.ssoCode })).statusCode).toBe(400);
    expect((await check(tokens.a, { verCode: '12ab', ssoCode: pending.ssoCode })).statusCode).toBe(400);

    const done = await check(tokens.a, { verCode, ssoCode: pending.ssoCode });
    const redirect = new URL(done.json().data.redirect);
    expect(redirect.searchParams.get('state')).toBe('s1');
    expect((await check(tokens.a, { verCode, ssoCode: pending.ssoCode })).statusCode).toBe(400);
    const token = (
      await exchange({ code: redirect.searchParams.get('code') ?? '', redirect_uri: CALLBACK })
    ).json();
    expect(token.account).toBe('admin');

    // A user without an address cannot pass the check.
    const nobody = await authorize(tokens.noPerm, { client_id: PORTAL.id, redirect_uri: CALLBACK });
    expect(nobody.json().msg).toBe('账号未设置邮箱，无法发送验证码');
  });
});
