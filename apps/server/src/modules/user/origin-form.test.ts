import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksums, refsOf, TENANT_B, twoTenants } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { userModule } from './index.ts';

/** The user form of the origin's client: it sends the confirmation `password2` and the row's `tenantId`. */
let t: TestApp;
let tokens: Awaited<ReturnType<typeof twoTenants>>;
let refs: Awaited<ReturnType<typeof refsOf>>;
let refsB: Awaited<ReturnType<typeof refsOf>>;
beforeAll(async () => {
  t = await createTestApp({}, [userModule]);
  tokens = await twoTenants(t);
  refs = await refsOf(t, '000000');
  refsB = await refsOf(t, TENANT_B);
});
afterAll(() => t.close());

const form = (account: string, own: typeof refs, extra: object = {}) => ({
  account,
  name: account,
  realName: account,
  password: 'Secret@123',
  password2: 'Secret@123',
  roleId: own.roleId,
  deptId: own.deptId,
  postId: own.postId,
  ...extra,
});
const submit = (body: object, token: string) => t.call('POST', '/api/yuan-user/submit', token, body);
const tenantOf = async (account: string) =>
  (
    await t.database.root.selectFrom('yuan_user').select('tenant_id').where('account', '=', account).execute()
  ).map((r) => r.tenant_id);

describe('the user form of the origin client', () => {
  it('accepts password2 equal to the password, and refuses a different one, writing nothing', async () => {
    const ok = await submit(form('confirm1', refs), tokens.a);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).not.toHaveProperty('password2');
    expect(await t.login({ username: 'confirm1', password: 'Secret@123', ip: '10.7.0.1' })).toMatchObject({
      account: 'confirm1',
    });
    const before = await checksums(t);
    const bad = await submit(form('confirm2', refs, { password2: 'Secret@124' }), tokens.a);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('两次密码输入不一致');
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-user/submit',
      headers: { 'blade-auth': `bearer ${tokens.a}`, 'accept-language': 'en' },
      payload: form('confirm2', refs, { password2: '' }),
    });
    expect(en.json().msg).toBe('The two passwords differ');
    expect(await checksums(t)).toEqual(before);
  });

  it('accepts its own tenantId from anyone', async () => {
    expect((await submit(form('own-a', refs, { tenantId: '000000' }), tokens.a)).statusCode).toBe(200);
    expect((await submit(form('own-b', refsB, { tenantId: TENANT_B }), tokens.b)).statusCode).toBe(200);
    expect(await tenantOf('own-a')).toEqual(['000000']);
    expect(await tenantOf('own-b')).toEqual([TENANT_B]);
  });

  it("lets the platform tenant's administrator create a user in the tenant it names", async () => {
    const res = await submit(form('made-for-b', refsB, { tenantId: TENANT_B }), tokens.a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ account: 'made-for-b', tenantId: TENANT_B });
    expect(await tenantOf('made-for-b')).toEqual([TENANT_B]);
    // The account signs in to that tenant.
    const login = await t.login({
      tenantId: TENANT_B,
      username: 'made-for-b',
      password: 'Secret@123',
      ip: '10.7.0.2',
    });
    expect(login.tenant_id).toBe(TENANT_B);
    // Roles of the platform tenant are not that tenant's: refused.
    const before = await checksums(t);
    expect((await submit(form('wrong-roles', refs, { tenantId: TENANT_B }), tokens.a)).statusCode).toBe(404);
    // A tenant that does not exist.
    expect((await submit(form('nowhere', refsB, { tenantId: '999999' }), tokens.a)).statusCode).toBe(404);
    expect(await checksums(t)).toEqual(before);
  });

  it('refuses anyone else naming another tenant with a 403, and writes nothing', async () => {
    const before = await checksums(t);
    const res = await submit(form('sneak', refs, { tenantId: '000000' }), tokens.b);
    expect(res.statusCode).toBe(403);
    const edit = await submit({ ...form('sneak', refsB), tenantId: '000000', id: '1' }, tokens.b);
    expect(edit.statusCode).toBe(403);
    expect(await checksums(t)).toEqual(before);
    expect(await tenantOf('sneak')).toEqual([]);
  });

  it('refuses a malformed tenantId by name', async () => {
    const res = await submit(form('bad-tenant', refs, { tenantId: "0'; drop table yuan_user" }), tokens.a);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('租户编号类型不正确');
  });
});
