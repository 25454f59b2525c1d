import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../test/api-calls.ts';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { useTestSmtp } from '../../../test/peers/smtp-server.ts';
import { walletModule } from './index.ts';

// Codes are sent by mail: a real SMTP server on loopback receives them.
const smtp = useTestSmtp();
const { t, tokens } = twoTenantApp(smtp.env, [walletModule]);
const { call, data } = apiCalls(t, '/api/yuan-api', () => tokens.a);
const expiresAt = () => new Date(Date.now() + 3_600_000).toISOString();
const users: Record<string, string> = {};

beforeAll(async () => {
  // The owner's handle, outside any tenant scope: the test's own setup.
  const { rows } = await sql<{ account: string; tenantId: string; id: string }>`SELECT account,
    tenant_id AS "tenantId", id::text AS id FROM yuan_user WHERE account IN ('admin', 'nobody')`.execute(
    t.database.root,
  );
  for (const r of rows) {
    users[`${r.tenantId}/${r.account}`] = r.id;
  }
  await sql`UPDATE yuan_user SET email = 'nobody@example.com', phone = '' WHERE account = 'nobody'`.execute(
    t.database.root,
  );
});

describe('territory codes sent to a user', () => {
  it('mails a live code to a user of the tenant, and refuses what cannot be sent', async () => {
    const made = await data('/sdk/create', {
      amount: '3',
      count: 2,
      expiresAt: expiresAt(),
      territory: '110000',
    });
    expect(made).toMatchObject({ amount: '3', territory: '110000' });
    expect(new Set(made.codes).size).toBe(2);
    const [code] = made.codes as string[];
    const nobody = users['000000/nobody'] ?? '';
    expect(await data('/clientApp/sendTerritoryCode', { code, userId: nobody, channel: 'mail' })).toBe(true);
    const mail = smtp.mails().at(-1);
    expect(mail?.rcptTo).toContain('nobody@example.com');
    expect(mail?.text).toContain(code);
    expect(mail?.headers.get('subject')).toBe('兑换码');

    const refused = async (body: object) => (await call('/clientApp/sendTerritoryCode', body)).json().msg;
    expect(await refused({ code: 'AAAA-BBBB-CCCC-DDDD', userId: nobody })).toBe('兑换码无效、已使用或已过期');
    expect(await refused({ code, userId: '123456789' })).toBe('用户不存在');
    // Another tenant's user is no user of this tenant.
    expect(await refused({ code, userId: users['200002/admin'] ?? '1' })).toBe('用户不存在');
    expect(await refused({ code, userId: nobody, channel: 'sms' })).toBe('该用户没有可用的联系方式');
    // Another tenant cannot send this tenant's code, and sending needs the territory-code permission.
    const theirs = await call(
      '/clientApp/sendTerritoryCode',
      { code, userId: users['200002/admin'] },
      tokens.b,
    );
    expect(theirs.json().msg).toBe('兑换码无效、已使用或已过期');
    expect(
      (await call('/clientApp/sendTerritoryCode', { code, userId: nobody }, tokens.noPerm)).statusCode,
    ).toBe(403);
  });

  it('checks what a batch of codes is made of', async () => {
    const bad = async (body: object) => (await call('/sdk/create', body)).statusCode;
    expect(await bad({ amount: '1', count: 0, expiresAt: expiresAt() })).toBe(400);
    expect(await bad({ amount: '1', count: 1001, expiresAt: expiresAt() })).toBe(400);
    expect(await bad({ amount: '0', count: 1, expiresAt: expiresAt() })).toBe(400);
    expect(await bad({ amount: '1', count: 1, expiresAt: 'tomorrow' })).toBe(400);
    const past = await call('/sdk/create', {
      amount: '1',
      count: 1,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.json().msg).toBe('到期时间必须晚于现在');
  });
});
