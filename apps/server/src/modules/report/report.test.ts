import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { refsOf, twoTenantApp } from '../../../test/fixtures.ts';
import { scopedUser } from '../../../test/scoped-user.ts';
import { reportModule } from './index.ts';
import { userModule } from '../user/index.ts';

const API = '/api/yuan-api';
const BASE = '/api/yuan-report/report/rest';
const { t, tokens } = twoTenantApp(() => ({}), [reportModule, userModule]);

let entId = '';
beforeAll(async () => {
  const saved = await t.call('POST', `${API}/dtentity/saveOrUpdate`, tokens.a, {
    entNo: 'sale',
    entName: '销售',
    elements: [
      { eleNo: 'region', eleName: '区域', dataTyp: 'string' },
      { eleNo: 'amount', eleName: '金额', dataTyp: 'int' },
    ],
  });
  entId = saved.json().data.id;
  await t.call('POST', `${API}/dtentity/syncEntityDataBaseTable`, tokens.a, { id: entId, apply: true });
  for (const [region, amount] of [
    ['east', 10],
    ['east', 5],
    ['west', 7],
  ] as const) {
    await t.call('POST', `${API}/dtentity/saveOrUpdateData`, tokens.a, { entId, data: { region, amount } });
  }
});

const BY_REGION =
  'select region, sum(amount)::int as total from sale where amount >= $1 group by region order by region';
async function saveReport(body: Record<string, unknown>, token = tokens.a) {
  return t.call('POST', `${BASE}/submit`, token, {
    name: 'Sales by region',
    querySql: BY_REGION,
    params: [{ name: 'min', label: '最小金额', type: 'number', required: true }],
    view: { chart: 'bar', x: 'region', y: ['total'] },
    cacheSeconds: 60,
    ...body,
  });
}

describe('reports', () => {
  it('runs a saved report from real rows with the viewer parameters, then answers from the cache', async () => {
    const saved = await saveReport({});
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id;
    const listed = await t.call('GET', `${BASE}/list?name=Sales`, tokens.a);
    expect(listed.json().data.records.map((r: { id: string }) => r.id)).toContain(id);

    const first = await t.call('POST', `${BASE}/run`, tokens.a, { id, params: { min: 6 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      name: 'Sales by region',
      columns: ['region', 'total'],
      rows: [
        { region: 'east', total: 10 },
        { region: 'west', total: 7 },
      ],
      view: { chart: 'bar', x: 'region', y: ['total'] },
      cached: false,
    });
    // A new row does not show until the cache time has passed for the same parameters...
    await t.call('POST', `${API}/dtentity/saveOrUpdateData`, tokens.a, {
      entId,
      data: { region: 'west', amount: 9 },
    });
    const again = await t.call('POST', `${BASE}/run`, tokens.a, { id, params: { min: 6 } });
    expect(again.json().data).toMatchObject({ cached: true, rows: first.json().data.rows });
    // ...while other parameters are read afresh.
    const other = await t.call('POST', `${BASE}/run`, tokens.a, { id, params: { min: '1' } });
    expect(other.json().data).toMatchObject({
      cached: false,
      rows: [
        { region: 'east', total: 15 },
        { region: 'west', total: 16 },
      ],
    });
  });

  it('clearing the caches drops the kept answers of reports too', async () => {
    const saved = await saveReport({
      name: 'Kept answers',
      querySql: 'select count(*)::int as n from sale where amount >= $1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id;
    const run = async () =>
      (await t.call('POST', `${BASE}/run`, tokens.a, { id, params: { min: 0 } })).json().data;
    const first = await run();
    expect(first).toMatchObject({ cached: false });
    await t.call('POST', `${API}/dtentity/saveOrUpdateData`, tokens.a, {
      entId,
      data: { region: 'north', amount: 1 },
    });
    expect(await run()).toMatchObject({ cached: true, rows: first.rows });
    const cleared = await t.call('GET', '/api/yuan-auth/oauth/clear-cache', tokens.a);
    expect(cleared.statusCode).toBe(200);
    const fresh = await run();
    expect(fresh).toMatchObject({ cached: false, rows: [{ n: first.rows[0].n + 1 }] });
  });

  it('asks for a required parameter and checks its type', async () => {
    const id = (await t.call('GET', `${BASE}/list?name=Sales`, tokens.a)).json().data.records[0].id;
    const missing = await t.call('POST', `${BASE}/run`, tokens.a, { id, params: {} });
    expect(missing.json().msg).toBe('请填写参数：最小金额');
    const wrong = await t.call('POST', `${BASE}/run`, tokens.a, { id, params: { min: 'many' } });
    expect(wrong.json().msg).toBe('参数格式不正确：最小金额');
  });

  it('exports the rows as an Excel sheet', async () => {
    const id = (await t.call('GET', `${BASE}/list?name=Sales`, tokens.a)).json().data.records[0].id;
    const res = await t.call('POST', `${BASE}/export`, tokens.a, { id, params: { min: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Sales%20by%20region.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'region', 'total']);
    expect(sheet?.getRow(2).values).toEqual([undefined, 'east', 15]);
  });

  it('keeps the column labels of the presentation and heads the Excel sheet with them in the caller language', async () => {
    const labels = { region: { zh: '区域', en: 'Region' }, total: { zh: '合计' } };
    const saved = await saveReport({
      name: 'Labelled regions',
      view: { chart: 'table', labels },
      cacheSeconds: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id;
    const detail = await t.call('GET', `${BASE}/detail?id=${id}`, tokens.a);
    expect(detail.json().data.view).toEqual({ chart: 'table', labels });
    const run = await t.call('POST', `${BASE}/run`, tokens.a, { id, params: { min: 0 } });
    expect(run.json().data.view).toEqual({ chart: 'table', labels });

    const headers = async (lang: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/export`,
        headers: { 'blade-auth': `bearer ${tokens.a}`, 'accept-language': lang },
        payload: { id, params: { min: 0 } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]?.getRow(1).values;
    };
    expect(await headers('zh-CN')).toEqual([undefined, '区域', '合计']);
    // English where given, else the Chinese label.
    expect(await headers('en-US')).toEqual([undefined, 'Region', '合计']);
  });

  it('refuses column labels of the wrong shape', async () => {
    const wrong = [
      { region: 'Region' },
      { region: { fr: 'Région' } },
      { region: { zh: 'x'.repeat(65) } },
      { ['c'.repeat(64)]: { zh: '太长' } },
    ];
    for (const labels of wrong) {
      const res = await saveReport({ name: 'Bad labels', view: { chart: 'table', labels } });
      expect(res.statusCode, JSON.stringify(labels)).toBe(400);
    }
  });

  it('refuses to save a query the SQL editor refuses, or whose parameters do not match', async () => {
    const write = await saveReport({ name: 'Bad', querySql: 'delete from sale' });
    expect(write.json().msg).toBe('只能执行查询（SELECT）语句');
    const count = await saveReport({
      name: 'Bad',
      querySql: 'select * from sale where amount > $1 and region = $2',
    });
    expect(count.statusCode).toBe(400);
    expect(count.json().msg).toContain('查询使用了2个参数');
    const view = await saveReport({ name: 'Bad', view: { chart: 'radar' } });
    expect(view.statusCode).toBe(400);
  });

  it('previews an unsaved query for designers', async () => {
    const res = await t.call('POST', `${BASE}/preview`, tokens.a, {
      querySql: 'select count(*)::int as n from sale where region = $1',
      params: [{ name: 'region', label: '区域', type: 'string' }],
      values: { region: 'east' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toEqual([{ n: 2 }]);
  });

  it('keeps reports to their tenant: another tenant neither runs nor sees them', async () => {
    const id = (await t.call('GET', `${BASE}/list?name=Sales`, tokens.a)).json().data.records[0].id;
    expect((await t.call('POST', `${BASE}/run`, tokens.b, { id, params: { min: 0 } })).statusCode).toBe(404);
    expect((await t.call('GET', `${BASE}/list`, tokens.b)).json().data.records).toEqual([]);
    // Tenant B's own report on the same code reads no entity: B has none.
    const theirs = await saveReport({}, tokens.b);
    expect(theirs.json().msg).toContain('sale');
    expect((await t.call('POST', `${BASE}/run`, tokens.noPerm, { id, params: { min: 0 } })).statusCode).toBe(
      403,
    );
  });
});

describe('a report limited to some roles', () => {
  it('runs for those roles and administrators only', async () => {
    const refs = await refsOf(t, '000000');
    const who = { menu: 'reportList', buttons: [], deptId: refs.deptId ?? '', postId: refs.postId ?? '' };
    const clerk = await scopedUser(t, tokens.a, who);
    const stranger = await scopedUser(t, tokens.a, who);
    const [clerkRole] = await t.database.root
      .selectFrom('yuan_role')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('role_alias', 'like', 'scoped-%')
      .orderBy('id')
      .execute();
    const saved = await saveReport({ name: 'Clerks only', roleIds: String(clerkRole?.id) });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id;
    const run = (token: string) => t.call('POST', `${BASE}/run`, token, { id, params: { min: 0 } });
    expect((await run(clerk)).statusCode).toBe(200);
    expect((await run(stranger)).statusCode).toBe(403);
    expect((await run(tokens.a)).statusCode).toBe(200);
  });
});
