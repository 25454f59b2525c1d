import type { TokenResponse } from '@yuan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_B, twoTenantApp } from '../../../../test/fixtures.ts';
import { type OidcPeer, startOidcPeer } from '../../../../test/oidc-peer.ts';
import { socialCalls } from '../../../../test/peers/social-calls.ts';
import { authModule } from '../index.ts';
import { userModule } from '../../user/index.ts';

const PUBLIC_URL = 'http://yuan.test';
const OIDC_CLIENT = { clientId: 'yuan-admin', clientSecret: 'peer-client-secret-0123456789' };
let peer: OidcPeer;

beforeAll(async () => {
  peer = await startOidcPeer({
    ...OIDC_CLIENT,
    redirectUri: `${PUBLIC_URL}/oauth/social`,
    accounts: {
      alice: { email: 'alice@example.com', name: 'Alice Liddell' },
      bob: { email: 'bob@example.com', name: 'Bob' },
    },
  });
});
afterAll(() => peer.close());

const { t, tokens } = twoTenantApp(
  () => ({
    PUBLIC_URL,
    SOCIAL_PROVIDERS: JSON.stringify({ oidc: { issuer: peer.issuer, name: 'Test ID', ...OIDC_CLIENT } }),
  }),
  [authModule, userModule],
);

const { render, socialToken } = socialCalls(t);

/** The whole round trip: render, sign in at the provider, come back with code and state. */
async function signIn(login: string, query = 'source=oidc') {
  const { url, cookie } = await render(query);
  const back = await peer.signIn(url, login);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/oauth/social`);
  const code = back.searchParams.get('code') ?? '';
  const state = back.searchParams.get('state') ?? '';
  return { code, state, cookie, res: await socialToken({ source: 'oidc', code, state }, cookie) };
}

function registerGuest(body: Record<string, string>, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/yuan-user/register-guest',
    headers: token ? { 'blade-auth': `bearer ${token}` } : {},
    payload: body,
  });
}

describe('third-party sign-in (OpenID Connect)', () => {
  it('lists the providers and refuses an unknown one', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/yuan-auth/oauth/render' });
    expect(list.json().data).toEqual([{ source: 'oidc', name: 'Test ID' }]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/yuan-auth/oauth/render?source=github' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('未配置该第三方登录');
    const { url } = await render();
    const target = new URL(url);
    expect(target.origin).toBe(peer.issuer);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/oauth/social`);
  });

  it('signs an unknown identity in as a guest who can only register, then the linked account', async () => {
    const { res } = await signIn('alice');
    expect(res.statusCode).toBe(200);
    const guest = res.json<TokenResponse>();
    expect(guest.user_id).toMatch(/^-\d+$/);
    expect(guest.user_id).toBe(`-${guest.oauth_id}`);
    expect(guest).toMatchObject({ tenant_id: '000000', email: 'alice@example.com', refresh_token: '' });
    expect(guest.nick_name).toBe('Alice Liddell');

    // A guest token opens nothing but registration and sign-out.
    expect((await t.call('GET', '/api/yuan-auth/oauth/user-info', guest.access_token)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/yuan-user/page', guest.access_token)).statusCode).toBe(401);

    const body = {
      tenantId: '000000',
      name: 'Alice',
      account: 'alice',
      password: 'alice-pass-1',
      password2: 'alice-pass-1',
      email: 'alice@example.com',
      oauthId: guest.oauth_id,
    };
    // The identity can only be claimed by its own guest session.
    expect((await registerGuest(body)).json().msg).toBe('第三方账号不存在或已绑定');
    const bob = (await signIn('bob')).res.json<TokenResponse>();
    expect((await registerGuest(body, bob.access_token)).json().msg).toBe('第三方账号不存在或已绑定');
    expect(await t.database.root.selectFrom('yuan_user').where('account', '=', 'alice').execute()).toEqual(
      [],
    );

    const ok = await registerGuest(body, guest.access_token);
    expect(ok.json()).toMatchObject({ success: true, msg: '注册成功，请等待管理员审核' });
    // The guest session ended with the registration; the identity cannot be claimed twice.
    expect((await t.call('GET', '/api/yuan-auth/oauth/logout', guest.access_token)).statusCode).toBe(401);
    const user = await t.database.root
      .selectFrom('yuan_user')
      .select(['id', 'oauth_id', 'role_id'])
      .where('account', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ oauth_id: guest.oauth_id, role_id: '' });

    // Until an administrator grants a role, the next third-party sign-in says so.
    const waiting = (await signIn('alice')).res;
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json().error_description).toBe('账号尚未分配角色，请联系管理员');
    const role = await t.database.root
      .selectFrom('yuan_role')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('role_alias', '=', 'administrator')
      .executeTakeFirstOrThrow();
    const granted = await t.call('POST', '/api/yuan-user/grant', tokens.a, {
      userIds: user.id,
      roleIds: role.id,
    });
    expect(granted.json().success).toBe(true);
    const signed = (await signIn('alice')).res.json<TokenResponse>();
    expect(signed).toMatchObject({ user_id: user.id, account: 'alice', oauth_id: guest.oauth_id });
    expect(signed.refresh_token).not.toBe('');
    expect((await t.call('GET', '/api/yuan-auth/oauth/user-info', signed.access_token)).statusCode).toBe(200);

    // Guests may sign out.
    expect((await t.call('GET', '/api/yuan-auth/oauth/logout', bob.access_token)).json().success).toBe(true);

    // A tenant that requires a second factor of administrators asks alice (now one) for it after the provider.
    await t.database.root
      .insertInto('yuan_param')
      .values({
        tenant_id: '000000',
        id: '7700000000000001',
        param_name: 'MFA',
        param_key: 'auth.mfa',
        param_value: 'admins',
      })
      .execute();
    const stepped = (await signIn('alice')).res;
    await t.database.root.deleteFrom('yuan_param').where('id', '=', '7700000000000001').execute();
    expect(stepped.statusCode).toBe(401);
    expect(stepped.json()).toMatchObject({ error: 'mfa_required', setup: true, methods: ['totp'] });
  });

  it('refuses a reused, foreign, expired or mismatched state and a forged code', async () => {
    const first = await signIn('bob');
    expect(first.res.statusCode).toBe(200);
    const reused = await socialToken({ code: first.code, state: first.state }, first.cookie);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: '第三方登录已失效，请重新登录',
    });

    // A callback carried to another browser (login CSRF) lacks the cookie that started it.
    const { url, cookie } = await render();
    const back = await peer.signIn(url, 'bob');
    const params = { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
    expect((await socialToken(params, undefined)).json().error).toBe('invalid_grant');
    // The state was spent by the refused try as well.
    expect((await socialToken(params, cookie)).json().error).toBe('invalid_grant');

    const wrongSource = await render();
    const back2 = await peer.signIn(wrongSource.url, 'bob');
    const p2 = { code: back2.searchParams.get('code') ?? '', state: back2.searchParams.get('state') ?? '' };
    expect((await socialToken({ ...p2, source: 'github' }, wrongSource.cookie)).json().error).toBe(
      'invalid_grant',
    );

    const forged = await render();
    const back3 = await peer.signIn(forged.url, 'bob');
    const bad = await socialToken(
      { code: 'forged-code', state: back3.searchParams.get('state') ?? '' },
      forged.cookie,
    );
    expect(bad.statusCode).toBe(502);
    expect(bad.json().error_description).toBe('第三方登录服务异常: oidc');

    const late = await render();
    const back4 = await peer.signIn(late.url, 'bob');
    await t.database.root
      .updateTable('yuan_oauth_state')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await socialToken(
      { code: back4.searchParams.get('code') ?? '', state: back4.searchParams.get('state') ?? '' },
      late.cookie,
    );
    expect(expired.json().error).toBe('invalid_grant');

    for (const missing of [{ state: 'x' }, { code: 'x' }] as Record<string, string>[]) {
      const res = await socialToken(missing, 'x');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
  });

  it('clears abandoned sign-ins as new ones start', async () => {
    await t.database.root
      .insertInto('yuan_oauth_state')
      .values({
        tenant_id: '000000',
        state_hash: 'stale',
        source: 'oidc',
        browser_hash: 'x',
        verifier: 'x',
        nonce: 'x',
        expires_at: new Date(Date.now() - 2 * 3600_000),
      })
      .execute();
    await render();
    const left = await t.database.root.selectFrom('yuan_oauth_state').select('state_hash').execute();
    expect(left.map((r) => r.state_hash)).not.toContain('stale');
    expect(left.length).toBeGreaterThan(0);
  });

  it('keeps identities per tenant', async () => {
    const inB = (await signIn('alice', `source=oidc&tenantId=${TENANT_B}`)).res.json<TokenResponse>();
    expect(inB.tenant_id).toBe(TENANT_B);
    expect(inB.user_id).toMatch(/^-/);
    const rows = await t.database.root
      .selectFrom('yuan_user_oauth')
      .select(['tenant_id', 'user_id'])
      .where('uuid', '=', 'alice')
      .orderBy('tenant_id')
      .execute();
    expect(rows.map((r) => r.tenant_id)).toEqual(['000000', TENANT_B]);
    expect(rows[1]?.user_id).toBeNull();
    const unknownTenant = await t.app.inject({
      method: 'GET',
      url: '/api/yuan-auth/oauth/render?source=oidc&tenantId=999999',
    });
    expect(unknownTenant.statusCode).toBe(400);
  });
});
