import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_B, addUser, twoTenants } from '../../../../test/fixtures.ts';
import { ADMIN_PASSWORD, basic } from '../../../../test/env.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { nextId } from '../../../lib/id.ts';
import { authModule } from '../index.ts';
import { userModule } from '../../user/index.ts';
import { totpCode, totpStep } from './totp.ts';

let t: TestApp;
let adminRoleId: string;
let plainRoleId: string;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp({}, [authModule, userModule]);
  const root = t.database.root;
  adminRoleId = (
    await root
      .selectFrom('yuan_role')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('role_alias', '=', 'administrator')
      .executeTakeFirstOrThrow()
  ).id;
  plainRoleId = nextId();
  await root
    .insertInto('yuan_role')
    .values({ tenant_id: '000000', id: plainRoleId, role_name: 'staff', role_alias: 'staff' })
    .execute();
});
afterAll(() => t.close());

/** Each call from an address of its own, so the per-address lock of one test does not reach the next. */
const token = (query: Record<string, string>, sameIp = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token',
    query,
    remoteAddress: `10.7.${Math.floor((sameIp ? ip : ++ip) / 250)}.${(sameIp ? ip : ip) % 250}`,
    headers: { authorization: basic() },
  });
const password = (username: string, tenantId = '000000') =>
  token({ tenantId, username, password: ADMIN_PASSWORD, grant_type: 'password', scope: 'all' });
const second = (mfaToken: string, proof: Record<string, string>, sameIp = false) =>
  token({ grant_type: 'mfa', mfa_token: mfaToken, ...proof }, sameIp);

const setPolicy = async (value: string, tenantId = '000000') => {
  await t.database.root.deleteFrom('yuan_param').where('param_key', '=', 'auth.mfa').execute();
  await t.database.root
    .insertInto('yuan_param')
    .values({
      tenant_id: tenantId,
      id: nextId(),
      param_name: 'mfa',
      param_key: 'auth.mfa',
      param_value: value,
    })
    .execute();
};

const newUser = async (roleId = plainRoleId) => {
  const account = `mfa${nextId().slice(-8)}`;
  await addUser(t, { tenantId: '000000', account, roleId });
  return account;
};

/** Signs a user in and adds TOTP through the profile calls: the secret and the recovery codes. */
const enrol = async (account: string) => {
  const access = (await password(account)).json().access_token as string;
  const setup = (await t.call('POST', '/api/yuan-user/mfa/totp/setup', access)).json().data;
  expect(setup.otpauthUrl).toContain(`otpauth://totp/`);
  expect(new URL(setup.otpauthUrl).searchParams.get('secret')).toBe(setup.secret);
  const code = totpCode(setup.secret, totpStep(Date.now()));
  const confirmed = await t.call('POST', '/api/yuan-user/mfa/totp/confirm', access, { code });
  expect(confirmed.json().success).toBe(true);
  return {
    access,
    secret: setup.secret as string,
    recoveryCodes: confirmed.json().data.recoveryCodes as string[],
  };
};

/** A code of a step after the one just used (the step is taken once). */
const codeAt = (secret: string, offset: number) => totpCode(secret, totpStep(Date.now()) + offset);

describe('TOTP second factor', () => {
  it('asks a user with TOTP for a code after the password, and the code completes the sign-in', async () => {
    await setPolicy('optional');
    const account = await newUser();
    const { secret, recoveryCodes } = await enrol(account);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.database.root
      .selectFrom('yuan_mfa_recovery')
      .select('code_hash')
      .where('code_hash', 'in', recoveryCodes)
      .execute();
    expect(stored).toHaveLength(0);

    const first = await password(account);
    expect(first.statusCode).toBe(401);
    const body = first.json();
    expect(body.error).toBe('mfa_required');
    expect(body.methods).toEqual(['totp', 'recovery_code']);
    expect(body.access_token).toBeUndefined();
    expect(body.mfa_token.startsWith('000000.')).toBe(true);

    const done = await second(body.mfa_token, { otp: codeAt(secret, 1) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ account, token_type: 'bearer' });
    // The token is spent with its step.
    expect((await second(body.mfa_token, { otp: codeAt(secret, 1) })).json().error).toBe('invalid_grant');
  });

  it('refuses a code reused in the same step, and a recovery code used twice', async () => {
    const account = await newUser();
    const { secret, recoveryCodes } = await enrol(account);
    const code = codeAt(secret, 1);
    const a = (await password(account)).json().mfa_token;
    expect((await second(a, { otp: code })).statusCode).toBe(200);
    const b = (await password(account)).json().mfa_token;
    const reused = await second(b, { otp: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error_description).toBe('验证码错误或已使用');

    const recovery = recoveryCodes[3] ?? '';
    expect((await second(b, { recovery_code: recovery.toUpperCase() })).statusCode).toBe(200);
    const c = (await password(account)).json().mfa_token;
    expect((await second(c, { recovery_code: recovery })).statusCode).toBe(400);
    expect((await second(c, { recovery_code: recoveryCodes[4] ?? '' })).statusCode).toBe(200);
  });

  it('counts wrong codes towards the account lock', async () => {
    const account = await newUser();
    await enrol(account);
    const mfaToken = (await password(account)).json().mfa_token;
    for (let i = 0; i < 4; i++) {
      expect((await second(mfaToken, { otp: '000000' })).json().error_description).toBe('验证码错误或已使用');
    }
    // The fifth failure locks the account: even a right password is refused now.
    await second(mfaToken, { otp: '000000' });
    const locked = await password(account);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error_description).toContain('登录失败次数过多');
  });

  it('binds the second step to its client and tenant', async () => {
    const account = await newUser();
    const { secret } = await enrol(account);
    const mfaToken = (await password(account)).json().mfa_token as string;
    const otherTenant = `${TENANT_B}.${mfaToken.split('.')[1]}`;
    expect((await second(otherTenant, { otp: codeAt(secret, 1) })).json().error_description).toBe(
      '第二步验证已过期，请重新登录',
    );
    expect((await second('not-a-token', { otp: '123456' })).statusCode).toBe(400);
    expect((await second(mfaToken, {})).statusCode).toBe(400);
  });
});

describe('tenant policy auth.mfa', () => {
  it('off: a user with TOTP signs in with the password alone', async () => {
    const account = await newUser();
    await enrol(account);
    await setPolicy('off');
    expect((await password(account)).statusCode).toBe(200);
    await setPolicy('optional');
    expect((await password(account)).statusCode).toBe(401);
  });

  it('admins: an administrator without a factor is led through TOTP setup before the first token; staff are not', async () => {
    await setPolicy('admins');
    const staff = await newUser(plainRoleId);
    expect((await password(staff)).statusCode).toBe(200);

    const admin = await newUser(adminRoleId);
    const first = (await password(admin)).json();
    expect(first).toMatchObject({ error: 'mfa_required', methods: ['totp'], setup: true });
    // No way around the setup: an unconfirmed secret is not a recovery code, and the grant without a proof fails.
    expect((await second(first.mfa_token, { recovery_code: 'aaaaa-bbbbb' })).statusCode).toBe(400);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/mfa/totp-setup',
      payload: { mfa_token: first.mfa_token },
    });
    expect(setup.statusCode).toBe(200);
    const done = await second(first.mfa_token, { otp: totpCode(setup.json().secret, totpStep(Date.now())) });
    expect(done.statusCode).toBe(200);
    expect(done.json().recovery_codes).toHaveLength(10);
    // From now on the administrator has TOTP and is asked for it.
    expect((await password(admin)).json().methods).toEqual(['totp', 'recovery_code']);
    await setPolicy('optional');
  });

  it('all: every user must have a factor', async () => {
    await setPolicy('all');
    const staff = await newUser(plainRoleId);
    expect((await password(staff)).json()).toMatchObject({ error: 'mfa_required', setup: true });
    await setPolicy('optional');
    expect((await password(staff)).statusCode).toBe(200);
  });
});

describe('managing factors', () => {
  it('removes TOTP only with the password or a current code', async () => {
    const account = await newUser();
    const { access, secret } = await enrol(account);
    const status = (await t.call('GET', '/api/yuan-user/mfa/status', access)).json().data;
    expect(status).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [], policy: 'optional' });
    const bare = await t.call('POST', '/api/yuan-user/mfa/remove', access, { kind: 'totp' });
    expect(bare.json().msg).toBe('请输入登录密码或当前验证码');
    const wrong = await t.call('POST', '/api/yuan-user/mfa/remove', access, {
      kind: 'totp',
      password: 'nope',
    });
    expect(wrong.json().msg).toBe('密码或验证码不正确');
    expect((await password(account)).statusCode).toBe(401);
    const removed = await t.call('POST', '/api/yuan-user/mfa/remove', access, {
      kind: 'totp',
      code: codeAt(secret, 1),
    });
    expect(removed.json().success).toBe(true);
    expect((await password(account)).statusCode).toBe(200);
  });

  it("lets an administrator reset a user's factors (logged), not another tenant's", async () => {
    const tenants = await twoTenants(t);
    const account = await newUser();
    await enrol(account);
    const userId = (
      await t.database.root
        .selectFrom('yuan_user')
        .select('id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).id;
    // Tenant B's administrator names tenant A's user: nothing changes.
    const fromB = await t.call('POST', '/api/yuan-user/mfa/reset', tenants.b, { userIds: [userId] });
    expect(fromB.json().success).toBe(true);
    expect((await password(account)).statusCode).toBe(401);
    // A user without the reset button is refused.
    const noPerm = await t.call('POST', '/api/yuan-user/mfa/reset', tenants.noPerm, { userIds: [userId] });
    expect(noPerm.statusCode).toBe(403);

    const admin = (await t.login()).access_token;
    expect(
      (await t.call('POST', '/api/yuan-user/mfa/reset', admin, { userIds: [userId] })).json().success,
    ).toBe(true);
    expect((await password(account)).statusCode).toBe(200);
    await t.app.logs.flush();
    const log = await t.database.root
      .selectFrom('yuan_log_usual')
      .select(['log_id', 'log_data'])
      .where('log_id', '=', 'mfa-reset')
      .execute();
    expect(log.some((l) => l.log_data.includes(userId))).toBe(true);
  });

  it('refuses a malformed passkey registration and sign-in assertion', async () => {
    const account = await newUser();
    const { access, secret } = await enrol(account);
    const noChallenge = await t.call('POST', '/api/yuan-user/mfa/passkey/register', access, {
      name: 'key',
      response: { id: 'abc', type: 'public-key' },
    });
    expect(noChallenge.json().msg).toBe('请先获取验证选项');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-user/mfa/passkey/options',
      headers: { 'blade-auth': `bearer ${access}`, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(400);
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-user/mfa/passkey/options',
      headers: {
        'blade-auth': `bearer ${access}`,
        origin: new URL(t.config.env.PUBLIC_URL || `http://${t.config.host}:${t.config.port}`).origin,
      },
    });
    expect(options.statusCode).toBe(200);
    expect(options.json().data.challenge.length).toBeGreaterThan(20);
    const forged = await t.call('POST', '/api/yuan-user/mfa/passkey/register', access, {
      name: 'key',
      response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {}, clientExtensionResults: {} },
    });
    expect(forged.json().msg).toBe('通行密钥验证失败');
    const mfaToken = (await password(account)).json().mfa_token;
    const bad = await second(mfaToken, { passkey: '{"id":"abc"}' });
    expect(bad.json().error_description).toBe('验证码错误或已使用');
    expect((await second(mfaToken, { otp: codeAt(secret, 1) })).statusCode).toBe(200);
  });
});
