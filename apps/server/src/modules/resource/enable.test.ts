import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { resourceModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [resourceModule]);

describe.each([
  [
    'oss',
    { category: 1, ossCode: 'local-1', endpoint: 'local', secretKey: 'top-secret-1' },
    { category: 1, ossCode: 'local-2', endpoint: 'local' },
  ],
  [
    'sms',
    { category: 1, smsCode: 'ali-1', templateId: 'T1', secretKey: 'top-secret-2' },
    { category: 2, smsCode: 'tx-1', templateId: 'T2' },
  ],
])('%s configurations', (name, first, second) => {
  const base = `/api/yuan-resource/${name}`;
  it('enabling one disables the others; secrets are never returned', async () => {
    const a = (await t.call('POST', `${base}/submit`, tokens.a, first)).json().data;
    const b = (await t.call('POST', `${base}/submit`, tokens.a, second)).json().data;
    expect(a).not.toHaveProperty('secretKey');
    expect((await t.call('POST', `${base}/enable?id=${a.id}`, tokens.a)).statusCode).toBe(200);
    expect((await t.call('POST', `${base}/enable`, tokens.a, { id: b.id })).statusCode).toBe(200);
    const rows = (await t.call('GET', `${base}/list`, tokens.a)).json().data.records as {
      id: string;
      status: number;
    }[];
    expect(rows.find((r) => r.id === b.id)?.status).toBe(1);
    expect(rows.find((r) => r.id === a.id)?.status).toBe(2);
    expect(JSON.stringify(rows)).not.toContain('top-secret');
    expect((await t.call('POST', `${base}/enable?id=${a.id}`, tokens.b)).statusCode).toBe(404);
    expect((await t.call('POST', `${base}/enable?id=${a.id}`, tokens.noPerm)).statusCode).toBe(403);
  });
});
