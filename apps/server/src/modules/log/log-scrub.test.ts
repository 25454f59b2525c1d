import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { nextId } from '../../lib/id.ts';
import { logModule } from './index.ts';
import { walletModule } from '../wallet/index.ts';
import { developModule } from '../develop/index.ts';

const FILE = '0032_scrub_log_secrets.sql';
const SCRUB = readFileSync(new URL(`../../db/migrations/${FILE}`, import.meta.url), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [logModule, developModule, walletModule]);
});
afterAll(() => t.close());

/** Runs the migration's statements as the migrator does: one transaction. */
const scrub = () => t.database.exec(`BEGIN;\n${SCRUB}\nCOMMIT;`);

async function apiRow(uri: string, params: unknown, tenantId = '200002'): Promise<string> {
  const id = nextId();
  await t.database.root
    .insertInto('yuan_log_api')
    .values({
      tenant_id: tenantId,
      id,
      method: 'POST',
      request_uri: uri,
      params: typeof params === 'string' ? params : JSON.stringify(params),
      status: 200,
      time: 1,
    })
    .execute();
  return id;
}

const paramsOf = async (id: string) =>
  (
    await t.database.root
      .selectFrom('yuan_log_api')
      .select('params')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).params;

describe('migration 0032: secrets already in the logs', () => {
  it('is applied by the migrator', async () => {
    const { rows } = await sql<{
      name: string;
    }>`SELECT name FROM yuan_migration WHERE name = ${FILE}`.execute(t.database.root);
    expect(rows).toHaveLength(1);
  });

  it('masks secret keys, one-time codes on their routes and credentials in addresses; keeps the rest', async () => {
    const key = 'ab'.repeat(32);
    const wallet = await apiRow('/api/yuan-api/clientApp/importWallet', {
      query: {},
      body: { name: 'w', password: '***', privateKey: key, email: 'a@b.c', mnemonic: 'word two three' },
    });
    const redeem = await apiRow('/api/yuan-api/clientApp/sendTerritoryCode', {
      query: {},
      body: { code: 'REDEEM-12345678', userId: '1', channel: 'mail' },
    });
    const pay = await apiRow('/api/yuan-api/clientApp/sendToken', {
      query: {},
      body: { walletId: '1', amount: '1', code: 4821 },
    });
    const phone = await apiRow('/api/yuan-auth/oauth/phone', {
      query: { phone: '13800138000', code: '048213' },
    });
    const sso = await apiRow('/api/yuan-auth/oauth/checkEmailVerifyCode', {
      query: {},
      body: { verCode: '123456', ssoCode: 'sso-abc-def' },
    });
    const storage = await apiRow('/api/yuan-resource/oss/submit', {
      query: {},
      body: { ossCode: 'c', accessKey: 'AKIDLEAK', secretKey: '***', endpoint: 'https://u:pw@s3.example/x' },
    });
    const datasource = await apiRow('/api/yuan-develop/datasource/submit', {
      query: {},
      body: { name: 'd', url: 'jdbc:postgresql://db.example:5432/app?user=a&password=dbpass', username: 'a' },
    });
    const dict = await apiRow('/api/yuan-system/dict/submit', {
      query: {},
      body: { code: 'sex', dictValue: '男' },
    });
    // A row cut off by the log's length limit, inside a private key.
    const cut = await apiRow(
      '/api/yuan-api/clientApp/importWallet',
      `{"query":{},"body":{"privateKey":"${key.slice(0, 20)}`,
    );
    const errorId = nextId();
    await t.database.root
      .insertInto('yuan_log_error')
      .values({
        tenant_id: '200002',
        id: errorId,
        source: 'client',
        request_uri: 'https://app.example/#/login?code=SSOCODE1&state=s',
        message: 'connect failed: postgres://app:Sup3rSecret@10.0.0.5/db',
        stack_trace: 'Error: at postgres://app:Sup3rSecret@10.0.0.5/db',
        info: '{"refresh_token":"rt-123456"}',
      })
      .execute();

    await scrub();

    expect(JSON.parse(await paramsOf(wallet)).body).toEqual({
      name: 'w',
      password: '******',
      privateKey: '******',
      email: 'a@b.c',
      mnemonic: '******',
    });
    expect(JSON.parse(await paramsOf(redeem)).body).toEqual({ code: '******', userId: '1', channel: 'mail' });
    expect(JSON.parse(await paramsOf(pay)).body).toEqual({ walletId: '1', amount: '1', code: '******' });
    expect(JSON.parse(await paramsOf(phone)).query).toEqual({ phone: '13800138000', code: '******' });
    expect(JSON.parse(await paramsOf(sso)).body).toEqual({ verCode: '******', ssoCode: '******' });
    expect(JSON.parse(await paramsOf(storage)).body).toEqual({
      ossCode: 'c',
      accessKey: '******',
      secretKey: '******',
      endpoint: 'https://******@s3.example/x',
    });
    expect(JSON.parse(await paramsOf(datasource)).body.url).toBe(
      'jdbc:postgresql://db.example:5432/app?******',
    );
    // A dictionary's code is no secret.
    expect(JSON.parse(await paramsOf(dict)).body).toEqual({ code: 'sex', dictValue: '男' });
    expect(await paramsOf(cut)).toBe('{"query":{},"body":{"privateKey":"******"');
    const error = await t.database.root
      .selectFrom('yuan_log_error')
      .select(['request_uri', 'message', 'stack_trace', 'info'])
      .where('id', '=', errorId)
      .executeTakeFirstOrThrow();
    expect(error).toEqual({
      request_uri: 'https://app.example/#/login?code=******&state=s',
      message: 'connect failed: postgres://******@10.0.0.5/db',
      stack_trace: 'Error: at postgres://******@10.0.0.5/db',
      info: '{"refresh_token":"******"}',
    });

    // Idempotent: a second run finds nothing left to change.
    const before = await t.database.root
      .selectFrom('yuan_log_api')
      .select(['id', 'params'])
      .orderBy('id')
      .execute();
    await scrub();
    expect(
      await t.database.root.selectFrom('yuan_log_api').select(['id', 'params']).orderBy('id').execute(),
    ).toEqual(before);
  });
});
