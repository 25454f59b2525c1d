import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { sealStoredSecrets } from '../../lib/crud/seal-stored.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { resourceModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [resourceModule]);
const box = () => new SecretBox(t.config.dataKey);

const stored = (table: 'yuan_oss' | 'yuan_sms', id: string) =>
  t.database.root.selectFrom(table).select('secret_key').where('id', '=', id).executeTakeFirstOrThrow();

describe('third-party secrets at rest', () => {
  it('stores storage and SMS keys encrypted, never returns them, and keeps them on a blank edit', async () => {
    const oss = await t.call('POST', '/api/yuan-resource/oss/submit', tokens.a, {
      category: 2,
      ossCode: 'sealed-oss',
      endpoint: 'http://127.0.0.1:9',
      accessKey: 'ak',
      secretKey: 'oss-secret-value',
      bucketName: 'b',
    });
    const ossId = oss.json().data.id;
    const sms = await t.call('POST', '/api/yuan-resource/sms/submit', tokens.a, {
      category: 4,
      smsCode: 'sealed-sms',
      templateId: 'T1',
      accessKey: 'ak',
      secretKey: 'sms-secret-value',
    });
    const smsId = sms.json().data.id;
    for (const [table, id, plain] of [
      ['yuan_oss', ossId, 'oss-secret-value'],
      ['yuan_sms', smsId, 'sms-secret-value'],
    ] as const) {
      const row = await stored(table, id);
      expect(row.secret_key).toMatch(/^enc:v1:/);
      expect(box().open(row.secret_key)).toBe(plain);
    }
    const detail = await t.call('GET', `/api/yuan-resource/oss/detail?id=${ossId}`, tokens.a);
    expect(JSON.stringify(detail.json())).not.toContain('enc:v1:');

    const before = (await stored('yuan_oss', ossId)).secret_key;
    const edited = await t.call('POST', '/api/yuan-resource/oss/submit', tokens.a, {
      id: ossId,
      category: 2,
      ossCode: 'sealed-oss',
      endpoint: 'http://127.0.0.1:9',
      accessKey: 'ak2',
      secretKey: '',
      bucketName: 'b',
    });
    expect(edited.statusCode).toBe(200);
    expect((await stored('yuan_oss', ossId)).secret_key).toBe(before);
  });

  it('encrypts secrets stored before encryption existed, once', async () => {
    const sms = await t.call('POST', '/api/yuan-resource/sms/submit', tokens.a, {
      category: 4,
      smsCode: 'legacy-sms',
      templateId: 'T1',
      accessKey: 'ak',
      secretKey: 'x',
    });
    const id = sms.json().data.id;
    await t.database.run({ allTenants: true }, () =>
      t.database.db
        .updateTable('yuan_sms')
        .set({ secret_key: 'legacy-plain' })
        .where('id', '=', id)
        .execute(),
    );
    expect(await sealStoredSecrets(t.database, box())).toBeGreaterThanOrEqual(1);
    const row = await stored('yuan_sms', id);
    expect(box().open(row.secret_key)).toBe('legacy-plain');
    expect(await sealStoredSecrets(t.database, box())).toBe(0);
  });
});
