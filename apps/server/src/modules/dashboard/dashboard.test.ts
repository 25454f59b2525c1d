import { type DashboardFigures, dashboardFigures } from '@yuan/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { refsOf, TENANT_B, twoTenantApp } from '../../../test/fixtures.ts';
import { nextId } from '../../lib/id.ts';
import { dashboardModule } from './index.ts';
import { deskModule } from '../desk/index.ts';
import { userModule } from '../user/index.ts';
import { lowcodeModule } from '../lowcode/index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [dashboardModule, userModule, deskModule, lowcodeModule]);
const URL = '/api/yuan-api/dashboard/figures';
const A = '000000';

const ask = (from: string, to: string, token = tokens.a, lang = 'zh') =>
  t.app.inject({
    method: 'GET',
    url: `${URL}?from=${from}&to=${to}`,
    headers: { 'blade-auth': `bearer ${token}`, 'accept-language': lang },
  });

async function figures(from: string, to: string, token = tokens.a): Promise<DashboardFigures> {
  const res = await ask(from, to, token);
  expect(res.statusCode, res.body).toBe(200);
  // The answer is the contract's shape, whatever the data.
  return dashboardFigures.parse(res.json().data);
}

/** A day of the tenants' zone (both are on the default Asia/Shanghai), `offset` days from today. */
function day(offset: number): string {
  const at = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A row written straight into a log table, at a chosen instant. */
async function logRow(
  table: 'yuan_log_api' | 'yuan_log_error' | 'yuan_log_usual',
  tenantId: string,
  at: string,
  event = 'login',
) {
  const values =
    table === 'yuan_log_api'
      ? sql`(${tenantId}, ${nextId()}, 'GET', '/x', 200, 1, ${at}::timestamptz)`
      : table === 'yuan_log_error'
        ? sql`(${tenantId}, ${nextId()}, ${at}::timestamptz)`
        : sql`(${tenantId}, ${nextId()}, ${event}, ${at}::timestamptz)`;
  const columns =
    table === 'yuan_log_api'
      ? sql`(tenant_id, id, method, request_uri, status, time, create_time)`
      : table === 'yuan_log_error'
        ? sql`(tenant_id, id, create_time)`
        : sql`(tenant_id, id, log_id, create_time)`;
  await sql`INSERT INTO ${sql.table(table)} ${columns} VALUES ${values}`.execute(t.database.root);
}

describe('dashboard figures', () => {
  it('counts per day of the tenant zone, every day of the range, and no other tenant', async () => {
    // Rows two years old outlive the log sweep, which may run at any moment after the app starts.
    for (const tenant of [A, TENANT_B]) {
      await sql`INSERT INTO yuan_param (tenant_id, id, param_name, param_key, param_value)
        VALUES (${tenant}, ${nextId()}, 'Log retention', 'log.retentionDays', '99999')`.execute(
        t.database.root,
      );
    }
    // Asia/Shanghai is UTC+8: 16:30 UTC is already the next day there.
    for (const at of [
      '2024-12-31T16:30:00Z',
      '2025-01-02T03:00:00Z',
      '2025-01-02T04:00:00Z',
      '2025-01-07T16:30:00Z',
    ]) {
      await logRow('yuan_log_api', A, at);
    }
    await logRow('yuan_log_api', TENANT_B, '2025-01-02T03:00:00Z');
    await logRow('yuan_log_error', A, '2025-01-06T12:00:00Z');
    await logRow('yuan_log_usual', A, '2025-01-03T01:00:00Z');
    await logRow('yuan_log_usual', A, '2025-01-03T02:00:00Z');
    // A token refresh is not a sign-in.
    await logRow('yuan_log_usual', A, '2025-01-03T02:00:00Z', 'refresh');
    await logRow('yuan_log_usual', TENANT_B, '2025-01-03T02:00:00Z');
    await sql`INSERT INTO yuan_user (tenant_id, id, account, password, create_time)
      VALUES (${A}, ${nextId()}, 'dash-old', 'x', '2025-01-04T02:00:00Z')`.execute(t.database.root);

    const f = await figures('2025-01-01', '2025-01-07');
    expect(f.days).toEqual([
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
      '2025-01-06',
      '2025-01-07',
    ]);
    expect(f.api.calls).toEqual([1, 2, 0, 0, 0, 0, 0]);
    expect(f.api.errors).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(f.signIns).toEqual([0, 0, 2, 0, 0, 0, 0]);
    expect(f.users.created).toEqual([0, 0, 0, 1, 0, 0, 0]);
    expect(f.wallet.transfers).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(f.wallet.volume).toEqual(['0', '0', '0', '0', '0', '0', '0']);

    const b = await figures('2025-01-01', '2025-01-07', tokens.b);
    expect(b.api.calls).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(b.signIns).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(b.users.created).toEqual([0, 0, 0, 0, 0, 0, 0]);

    // One day is a range too; the row of the 8th (Shanghai) is there.
    expect((await figures('2025-01-08', '2025-01-08')).api.calls).toEqual([1]);
  });

  it('reflects users, notices, attachments and entity rows made now, for their tenant only', async () => {
    // A range the earlier reads did not ask for, so no kept answer is involved (and one day past today, so a
    // midnight during the test does not move a new row out of it).
    const before = await figures(day(-6), day(1));
    const beforeB = await figures(day(-6), day(1), tokens.b);
    expect(before.days).toHaveLength(8);
    for (const series of [before.users.created, before.signIns, before.api.calls, before.api.errors]) {
      expect(series).toHaveLength(8);
    }

    const refs = await refsOf(t, A);
    const user = await t.call('POST', '/api/yuan-user/submit', tokens.a, {
      account: 'dash-new',
      name: 'dash',
      realName: 'dash',
      password: 'Secret@123',
      ...refs,
    });
    expect(user.statusCode, user.body).toBe(200);
    const notice = await t.call('POST', '/api/yuan-desk/notice/submit', tokens.a, {
      title: 'dash',
      sourceFrom: 'p010',
      status: 1,
      content: '<p>hi</p>',
    });
    expect(notice.statusCode, notice.body).toBe(200);
    for (const [size, deleted] of [
      [1000, 0],
      [2500, 0],
      [9000, 1],
    ]) {
      await sql`INSERT INTO yuan_attach (tenant_id, id, link, name, attach_size, is_deleted)
        VALUES (${A}, ${nextId()}, '/f', 'f', ${size}, ${deleted})`.execute(t.database.root);
    }
    const api = (url: string, body: object) => t.call('POST', `/api/yuan-api${url}`, tokens.a, body);
    const made = await api('/dtentity/saveOrUpdate', {
      entNo: 'dash_item',
      entName: '看板条目',
      elements: [{ eleNo: 'title', eleName: '标题', dataTyp: 'string' }],
    });
    const entId = made.json().data.id as string;
    expect((await api('/dtentity/syncEntityDataBaseTable', { id: entId, apply: true })).statusCode).toBe(200);
    for (const title of ['one', 'two']) {
      const row = await api('/dtentity/saveOrUpdateData', { entId, data: { title } });
      expect(row.statusCode, row.body).toBe(200);
    }
    // An entity never synced has no table: it counts as an entity, not as a table.
    await api('/dtentity/saveOrUpdate', { entNo: 'dash_draft', entName: '草稿', elements: [] });

    const after = await figures(day(-7), day(1));
    expect(after.users.total).toBe(before.users.total + 1);
    expect(sum(after.users.created)).toBe(sum(before.users.created) + 1);
    expect(after.notices.total).toBe(before.notices.total + 1);
    expect(after.storage).toEqual({
      files: before.storage.files + 2,
      bytes: before.storage.bytes + 3500,
    });
    expect(after.entities.total).toBe(before.entities.total + 2);
    expect(after.entities.synced).toBe(before.entities.synced + 1);
    expect(after.entities.tables).toContainEqual({
      id: entId,
      entNo: 'dash_item',
      entName: '看板条目',
      rows: 2,
    });
    expect(after.entities.rows).toBe(before.entities.rows + 2);
    expect(after.flows.running).toBe(0);

    // Tenant B saw none of it.
    const afterB = await figures(day(-7), day(1), tokens.b);
    expect(afterB.users.total).toBe(beforeB.users.total);
    expect(afterB.notices.total).toBe(beforeB.notices.total);
    expect(afterB.storage).toEqual(beforeB.storage);
    expect(afterB.entities).toEqual(beforeB.entities);
  });

  it('counts the indexed transfers of the tenant wallets per day, once each', async () => {
    const root = t.database.root;
    const mine = '0x00000000000000000000000000000000000000a1';
    const other = '0x00000000000000000000000000000000000000b2';
    const theirs = '0x00000000000000000000000000000000000000c3';
    for (const [tenant, address] of [
      [A, mine],
      [A, other],
      [TENANT_B, theirs],
    ]) {
      await sql`INSERT INTO yuan_wallet (tenant_id, id, user_id, name, address, sealed_key, password_hash, email)
        VALUES (${tenant}, ${nextId()}, 1, 'w', ${address}, 'k', 'h', 'w@example.com')`.execute(root);
    }
    await sql`INSERT INTO yuan_chain_cursor (chain_id, last_block) VALUES (999, 12)`.execute(root);
    await sql`INSERT INTO yuan_chain_block (chain_id, number, hash, time, tx_count) VALUES
      (999, 10, '0xa', '2025-03-01T02:00:00Z', 1), (999, 11, '0xb', '2025-03-02T02:00:00Z', 2),
      (999, 12, '0xc', '2025-03-05T02:00:00Z', 1)`.execute(root);
    const ybi = (n: number) => (BigInt(n) * 10n ** 18n).toString();
    await sql`INSERT INTO yuan_chain_event (chain_id, block_number, tx_hash, log_index, kind, from_address, to_address, amount) VALUES
      (999, 10, '0x1', 0, 'transfer', '0x0000000000000000000000000000000000000000', ${mine}, ${ybi(5)}),
      (999, 11, '0x2', 0, 'transfer', ${mine}, ${other}, ${ybi(2)}),
      (999, 11, '0x3', 0, 'transfer', ${theirs}, ${other}, ${ybi(1)}),
      (999, 11, '0x4', 0, 'swap', ${mine}, ${mine}, ${ybi(7)}),
      (999, 12, '0x5', 0, 'transfer', ${theirs}, '0x00000000000000000000000000000000000000d4', ${ybi(9)})`.execute(
      root,
    );

    const f = await figures('2025-03-01', '2025-03-05');
    expect(f.wallet.wallets).toBe(2);
    // The mint to a wallet, then two transfers on the 2nd (one between the tenant's own wallets, counted once).
    expect(f.wallet.transfers).toEqual([1, 2, 0, 0, 0]);
    expect(f.wallet.volume).toEqual(['5', '3', '0', '0', '0']);
    const b = await figures('2025-03-01', '2025-03-05', tokens.b);
    expect(b.wallet.transfers).toEqual([0, 1, 0, 0, 1]);
    expect(b.wallet.volume).toEqual(['0', '1', '0', '0', '9']);
  });

  it('keeps an answer a few seconds per tenant and range', async () => {
    const first = await figures('2025-02-01', '2025-02-03');
    await sql`INSERT INTO yuan_notice (tenant_id, id, title) VALUES (${A}, ${nextId()}, 'kept')`.execute(
      t.database.root,
    );
    const again = await figures('2025-02-01', '2025-02-03');
    expect(again.countedAt).toBe(first.countedAt);
    expect(again.notices.total).toBe(first.notices.total);
    // Another range is counted afresh.
    expect((await figures('2025-02-01', '2025-02-04')).notices.total).toBe(first.notices.total + 1);
  });

  it('refuses a bad range with a clear message, in the caller language', async () => {
    const refusal = async (from: string, to: string, lang = 'zh') => {
      const res = await ask(from, to, tokens.a, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, data: null });
      return res.json().msg as string;
    };
    expect(await refusal('2025-01-08', '2025-01-01')).toBe('开始日期不能晚于结束日期');
    expect(await refusal('2025-01-08', '2025-01-01', 'en')).toBe(
      'The start date must not be after the end date',
    );
    expect(await refusal('2024-01-01', '2025-01-01')).toBe('日期范围不能超过366天');
    expect(await refusal('2024-01-01', '2025-01-01', 'en')).toBe(
      'The date range cannot be longer than 366 days',
    );
    expect(await refusal('2025-02-30', '2025-03-01')).toBe('日期应为 YYYY-MM-DD 格式的有效日期');
    expect(await refusal('yesterday', '2025-03-01', 'en')).toBe(
      'A date must be a valid day written YYYY-MM-DD',
    );
    const missing = await t.call('GET', URL, tokens.a);
    expect(missing.statusCode).toBe(400);
    // The longest range is allowed: 366 days, both ends included.
    expect((await figures('2024-01-01', '2024-12-31')).days).toHaveLength(366);
  });

  it('answers only a caller whose role has the dashboard menu', async () => {
    const refused = await ask('2025-01-01', '2025-01-07', tokens.noPerm);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, msg: '缺失功能权限，请联系管理员' });
    const anonymous = await t.app.inject({ method: 'GET', url: `${URL}?from=2025-01-01&to=2025-01-07` });
    expect(anonymous.statusCode).toBe(401);
  });
});
