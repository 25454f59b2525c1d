import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refsOf } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { revisionModule } from '../revision/index.ts';
import { userModule } from './index.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, [userModule, revisionModule]);
  admin = (await t.login()).access_token;
});
afterAll(() => t.close());

const history = async (id: string) =>
  (await t.call('GET', `/api/yuan-api/revision/list?resource=user&id=${id}`, admin)).json().data.records as {
    action: string;
    userName: string;
    changes: unknown[];
  }[];

describe("a user's own calls keep revisions", () => {
  it('names a password change without values, and keeps a profile change as a diff', async () => {
    const refs = await refsOf(t, '000000');
    const added = await t.call('POST', '/api/yuan-user/submit', admin, {
      account: 'rev.own',
      name: 'Own',
      realName: 'Own',
      password: 'Secret@123',
      ...refs,
    });
    const id = added.json().data.id as string;
    const own = (await t.login({ username: 'rev.own', password: 'Secret@123', ip: '10.7.0.1' })).access_token;

    const changed = await t.call('POST', '/api/yuan-user/update-password', own, {
      oldPassword: 'Secret@123',
      newPassword: 'Newer@456',
      newPassword1: 'Newer@456',
    });
    expect(changed.json().success, changed.body).toBe(true);
    const [passwordChange] = await history(id);
    expect(passwordChange).toMatchObject({
      action: 'update',
      userName: 'rev.own',
      changes: [{ field: 'password' }],
    });
    expect(passwordChange?.changes[0]).toEqual({ field: 'password' });

    const reset = await t.call('POST', `/api/yuan-user/reset-password?userIds=${id}`, admin);
    expect(reset.statusCode).toBe(200);
    const [byAdmin] = await history(id);
    expect(byAdmin).toMatchObject({ userName: 'admin', changes: [{ field: 'password' }] });

    const relogin = (await t.login({ username: 'rev.own', password: '123456', ip: '10.7.0.2' })).access_token;
    const info = await t.call('POST', '/api/yuan-user/update-info', relogin, {
      realName: 'Own Two',
      phone: '13800000000',
    });
    expect(info.statusCode).toBe(200);
    const [profile] = await history(id);
    expect(profile?.changes).toEqual([
      { field: 'realName', before: 'Own', after: 'Own Two' },
      { field: 'phone', before: '', after: '13800000000' },
    ]);
    // A profile saved unchanged adds nothing.
    const count = (await history(id)).length;
    await t.call('POST', '/api/yuan-user/update-info', relogin, { realName: 'Own Two' });
    expect(await history(id)).toHaveLength(count);
    expect(JSON.stringify(await history(id))).not.toMatch(/Secret@|Newer@|123456|argon/);
  });
});
