import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { lowcodeModule } from '../index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule]);
const API = '/api/yuan-api';

const post = (url: string, body: unknown, token = tokens.a) => t.call('POST', `${API}${url}`, token, body);
const get = (url: string, token = tokens.a) => t.call('GET', `${API}${url}`, token);

const customer = (elements: object[], id?: string) => ({
  ...(id ? { id } : {}),
  entNo: 'customer',
  entName: '客户',
  remark: '',
  elements,
});
const NAME = {
  eleNo: 'name',
  eleName: '姓名',
  dataTyp: 'string',
  verifyJson: { required: true, stringRange: [2, 20] },
  unique: true,
};
const AGE = { eleNo: 'age', eleName: '年龄', dataTyp: 'int', verifyJson: { numberBetween: [0, 150] } };
const MORE = [
  { eleNo: 'balance', eleName: '余额', dataTyp: 'decimal' },
  { eleNo: 'vip', eleName: '会员', dataTyp: 'bool' },
  { eleNo: 'born', eleName: '生日', dataTyp: 'date' },
  { eleNo: 'meta', eleName: '附加', dataTyp: 'json' },
];

async function define(elements: object[], id?: string, token = tokens.a) {
  const res = await post('/dtentity/saveOrUpdate', customer(elements, id), token);
  expect(res.json()).toMatchObject({ success: true });
  return res.json().data as { id: string; version: number };
}
const sync = (id: string, extra: object = {}, token = tokens.a) =>
  post('/dtentity/syncEntityDataBaseTable', { id, ...extra }, token);
const save = (entId: string, data: object, token = tokens.a) =>
  post('/dtentity/saveOrUpdateData', { entId, data }, token);
const rows = async (entId: string, query = '', token = tokens.a) =>
  (await get(`/dtentity/queryDataByFields?entId=${entId}${query}`, token)).json().data;
const tableOf = async (id: string) =>
  (
    await sql<{ t: string | null }>`SELECT to_regclass(${`yuan_ent_${id}`})::text AS t`.execute(
      t.database.root,
    )
  ).rows[0]?.t;
const detail = async (id: string) => (await get(`/dtentity/getDetail?id=${id}`)).json().data;

describe('entities become real tables', () => {
  let entId = '';
  let aliceId = '';

  it('saves a definition, previews the DDL, and applies it as a table with forced row-level security', async () => {
    ({ id: entId } = await define([NAME, AGE, ...MORE]));
    expect((await save(entId, { name: 'Alice' })).json().msg).toBe('实体尚未同步到数据库，请先同步');
    const preview = (await sync(entId)).json().data;
    expect(preview.applied).toBe(false);
    expect(preview.steps[0].what).toBe(`创建表 yuan_ent_${entId}（6个字段）`);
    expect(await tableOf(entId)).toBeNull();
    expect((await sync(entId, { apply: true })).json().data.applied).toBe(true);
    const rls = await sql<{ rls: boolean; forced: boolean; policies: number }>`
      SELECT relrowsecurity AS rls, relforcerowsecurity AS forced,
             (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
      FROM pg_class c WHERE relname = ${`yuan_ent_${entId}`}`.execute(t.database.root);
    expect(rls.rows[0]).toEqual({ rls: true, forced: true, policies: 1 });
    // The SQL editor's role may read it, and only read it.
    const reader = await sql<{ select: boolean; insert: boolean }>`
      SELECT has_table_privilege('yuan_sql_reader', ${`yuan_ent_${entId}`}, 'SELECT') AS select,
             has_table_privilege('yuan_sql_reader', ${`yuan_ent_${entId}`}, 'INSERT, UPDATE, DELETE, TRUNCATE') AS insert`.execute(
      t.database.root,
    );
    expect(reader.rows[0]).toEqual({ select: true, insert: false });
    const view = await detail(entId);
    expect(view).toMatchObject({ pendingSync: false, drift: [], tableName: `yuan_ent_${entId}` });
    expect(view.dtElements.map((e: { eleNo: string }) => e.eleNo)).toEqual([
      'name',
      'age',
      'balance',
      'vip',
      'born',
      'meta',
    ]);
  });

  it('indexes the contains-search of free text and the order of numbers and dates, and a search uses its index', async () => {
    const table = `yuan_ent_${entId}`;
    const view = await detail(entId);
    const idOf = (eleNo: string) => view.dtElements.find((e: { eleNo: string }) => e.eleNo === eleNo)?.id;
    const indexes = await sql<{ name: string; def: string }>`
      SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = ${table}`.execute(
      t.database.root,
    );
    const own = indexes.rows.filter((r) => /_[so]\d+$/.test(r.name));
    expect(own.map((r) => r.name).sort()).toEqual(
      [
        `${table}_s${idOf('name')}`,
        `${table}_o${idOf('age')}`,
        `${table}_o${idOf('balance')}`,
        `${table}_o${idOf('born')}`,
      ].sort(),
    );
    expect(own.find((r) => r.name.includes('_s'))?.def).toContain('gin_trgm_ops');
    // On 50,000 rows the planner reads a contains-search through the trigram index instead of every row.
    await sql`INSERT INTO ${sql.table(table)} (tenant_id, id, name, age)
      SELECT '000000', 7000000000000 + n, 'row-' || n, n % 90 FROM generate_series(1, 50000) AS n`.execute(
      t.database.root,
    );
    try {
      await sql`ANALYZE ${sql.table(table)}`.execute(t.database.root);
      // As the app runs it: the app's role, under the tenant's row-level security (decision 0050).
      const plan = await t.database.run({ tenantId: '000000' }, () =>
        sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT id FROM ${sql.table(table)}
          WHERE tenant_id = '000000' AND is_deleted = 0 AND name ILIKE '%w-43210%'`.execute(t.database.db),
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(`${table}_s${idOf('name')}`);
      expect((await rows(entId, '&name=w-43210')).records.map((r: { name: string }) => r.name)).toEqual([
        'row-43210',
      ]);
    } finally {
      await sql`DELETE FROM ${sql.table(table)} WHERE id > 7000000000000`.execute(t.database.root);
    }
  });

  it('checks every rule of the definition on the server, naming the field', async () => {
    const msg = async (data: object) => (await save(entId, data)).json().msg;
    expect(await msg({ age: 3 })).toBe('姓名必须填写');
    expect(await msg({ name: 'A' })).toBe('姓名长度必须在2到20个字符之间');
    expect(await msg({ name: 'Alice', age: 200 })).toBe('年龄必须在0到150之间');
    expect(await msg({ name: 'Alice', age: 'old' })).toBe('年龄类型不正确');
    expect(await msg({ name: 'Alice', balance: '1e9' })).toBe('余额类型不正确');
    expect(await msg({ name: 'Alice', born: '2024-02-31x' })).toBe('生日类型不正确');
    expect(await msg({ name: 'Alice', nickname: 'x' })).toBe('不支持的字段: nickname');
    const ok = await save(entId, {
      name: 'Alice',
      age: 30,
      balance: '12.50',
      vip: 1,
      born: '1994-05-06',
      meta: { tags: ['a', 'b'] },
    });
    expect(ok.json().success).toBe(true);
    aliceId = ok.json().data.id;
    expect(await msg({ name: 'Alice' })).toBe('姓名“Alice”已存在');
    expect((await save(entId, { name: 'Bob', age: 12 })).json().success).toBe(true);
    expect((await get(`/dtentity/field/unique?entId=${entId}&field=name&value=Alice`)).json().data).toBe(
      false,
    );
    expect((await get(`/dtentity/field/unique?entId=${entId}&field=name&value=Carol`)).json().data).toBe(
      true,
    );
    expect((await get(`/dtentity/field/unique?entId=${entId}&field=age&value=x`)).statusCode).toBe(400);
  });

  it('lists with contains, equality, ranges and a chosen order', async () => {
    const all = await rows(entId);
    expect(all.total).toBe(2);
    const alice = all.records.find((r: { name: string }) => r.name === 'Alice');
    expect(alice).toMatchObject({ age: 30, balance: '12.5000000000', vip: true, meta: { tags: ['a', 'b'] } });
    expect((await rows(entId, '&name=li')).records.map((r: { name: string }) => r.name)).toEqual(['Alice']);
    expect((await rows(entId, '&age_gt=13')).records.map((r: { name: string }) => r.name)).toEqual(['Alice']);
    expect((await rows(entId, '&sort=age')).records.map((r: { name: string }) => r.name)).toEqual([
      'Bob',
      'Alice',
    ]);
    expect((await get(`/dtentity/queryDataByFields?entId=${entId}&age=old`)).json().msg).toBe(
      '年龄类型不正确',
    );
    expect((await get(`/dtentity/queryDataByFields?entId=${entId}&sort=secret`)).statusCode).toBe(400);
    expect((await get(`/dtentity/queryDataByFields?entId=${entId}&nope=1`)).json().msg).toBe(
      '不支持的字段: nope',
    );
  });

  it('shows another tenant nothing of it and lets it change nothing', async () => {
    const b = tokens.b;
    expect((await get(`/dtentity/getDetail?id=${entId}`, b)).statusCode).toBe(404);
    expect((await get(`/dtentity/queryDataByFields?entId=${entId}`, b)).statusCode).toBe(404);
    expect((await save(entId, { name: 'Mallory' }, b)).statusCode).toBe(404);
    expect((await post('/dtentity/removeDatas', { entId, ids: [aliceId] }, b)).statusCode).toBe(404);
    expect((await sync(entId, { apply: true }, b)).statusCode).toBe(404);
    expect(
      (await post('/dtentity/remove', { ids: [entId], dropTable: true, confirmRows: 2 }, b)).statusCode,
    ).toBe(404);
    // The same code in another tenant is another entity with its own table.
    const own = await define([NAME], undefined, b);
    expect(own.id).not.toBe(entId);
    expect((await sync(own.id, { apply: true }, b)).json().data.applied).toBe(true);
    expect((await rows(own.id, '', b)).total).toBe(0);
    expect((await rows(entId)).total).toBe(2);
  });

  it('renames a field in place, keeping its data', async () => {
    const view = await detail(entId);
    const elements = view.dtElements.map((e: { eleNo: string }) =>
      e.eleNo === 'name' ? { ...e, eleNo: 'full_name' } : e,
    );
    await define(elements, entId);
    expect((await detail(entId)).pendingSync).toBe(true);
    const preview = (await sync(entId)).json().data;
    expect(preview.steps.map((s: { what: string }) => s.what)).toEqual(['字段name改名为full_name，数据保留']);
    expect(preview.affectedRows).toBe(0);
    expect((await sync(entId, { apply: true })).json().data.applied).toBe(true);
    expect(
      (await rows(entId, '&sort=full_name')).records.map((r: { full_name: string }) => r.full_name),
    ).toEqual(['Alice', 'Bob']);
  });

  it('refuses a change that loses data until its row count is confirmed', async () => {
    const view = await detail(entId);
    const withoutAge = view.dtElements.filter((e: { eleNo: string }) => e.eleNo !== 'age');
    await define(withoutAge, entId);
    const preview = (await sync(entId)).json().data;
    expect(preview.steps).toEqual([expect.objectContaining({ what: '删除字段age及其数据', rows: 2 })]);
    const refused = await sync(entId, { apply: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('此变更会影响2行已有数据（age），确认该行数后才会执行');
    expect((await sync(entId, { apply: true, confirm: 1 })).statusCode).toBe(400);
    expect((await rows(entId)).records[0]).toHaveProperty('age');
    expect((await sync(entId, { apply: true, confirm: 2 })).json().data.applied).toBe(true);
    expect((await rows(entId)).records[0]).not.toHaveProperty('age');
  });

  it('narrows a type only with a confirmation, converting what fits', async () => {
    const view = await detail(entId);
    const narrowed = view.dtElements.map((e: { eleNo: string }) =>
      e.eleNo === 'full_name' ? { ...e, verifyJson: { required: true, stringRange: [2, 3] } } : e,
    );
    await define(narrowed, entId);
    const preview = (await sync(entId)).json().data;
    expect(preview.affectedRows).toBe(1);
    expect((await sync(entId, { apply: true })).statusCode).toBe(400);
    expect((await sync(entId, { apply: true, confirm: 1 })).json().data.applied).toBe(true);
    expect(
      (await rows(entId, '&sort=full_name')).records.map((r: { full_name: string }) => r.full_name),
    ).toEqual(['Ali', 'Bob']);
  });

  it('keeps every saved definition as a version with a readable diff', async () => {
    const versions = (await get(`/dtversion/list?targetId=${entId}`)).json().data;
    expect(versions.total).toBe(4);
    expect(versions.records[0].diff).toEqual([{ op: 'change', eleNo: 'full_name', keys: ['verifyJson'] }]);
    expect(versions.records[2].diff).toEqual([{ op: 'rename', from: 'name', to: 'full_name' }]);
    // Restoring the first version is a new version; the element ids are kept, so the table sees renames back.
    const first = versions.records[3];
    expect((await post('/dtversion/restore', { id: first.id })).json().data).toEqual({
      id: entId,
      version: 5,
    });
    const latest = (await get(`/dtversion/list?targetId=${entId}`)).json().data.records[0];
    expect(latest.diff).toEqual(
      expect.arrayContaining([
        { op: 'rename', from: 'full_name', to: 'name' },
        { op: 'add', eleNo: 'age' },
      ]),
    );
    expect((await sync(entId)).json().data.steps.map((s: { what: string }) => s.what)).toContain(
      '字段full_name改名为name，数据保留',
    );
    expect((await post('/dtversion/restore', { id: versions.records[0].id }, tokens.b)).statusCode).toBe(404);
    await post('/dtversion/restore', { id: versions.records[0].id });
  });

  it('drops the table only when asked, with the row count it holds', async () => {
    const refused = await post('/dtentity/remove', { ids: [entId] });
    expect(refused.json().msg).toBe('实体表中有2行数据，确认该行数后才会删除');
    expect(
      (await post('/dtentity/remove', { ids: [entId], dropTable: true, confirmRows: 1 })).statusCode,
    ).toBe(400);
    expect((await rows(entId)).total).toBe(2);
    expect(
      (await post('/dtentity/remove', { ids: [entId], dropTable: true, confirmRows: 2 })).json().success,
    ).toBe(true);
    expect(await tableOf(entId)).toBeNull();
    expect((await get(`/dtentity/getDetail?id=${entId}`)).statusCode).toBe(404);
  });
});

describe('entity definitions are checked', () => {
  it('refuses bad codes, reserved words, standard columns and duplicates, naming them', async () => {
    const msg = async (body: object) => (await post('/dtentity/saveOrUpdate', body)).json().msg;
    expect(await msg({ ...customer([]), entNo: 'Bad-Name' })).toBe(
      '实体编号须以小写字母开头，只含小写字母、数字和下划线，最多63个字符',
    );
    expect(await msg(customer([{ ...NAME, eleNo: 'select' }]))).toBe('字段编号“select”是保留字，请换一个');
    expect(await msg(customer([{ ...NAME, eleNo: 'tenant_id' }]))).toBe(
      '字段编号“tenant_id”是保留字，请换一个',
    );
    expect(await msg(customer([NAME, NAME]))).toBe('字段编号“name”重复');
    expect(await msg(customer([{ ...NAME, dataTyp: 'blob' }]))).toBe('请选择数据类型');
    expect(await msg(customer([{ ...NAME, verifyJson: { stringRange: [5, 1] } }]))).toBe(
      '校验配置的最小值不能大于最大值',
    );
    expect(await msg(customer([{ ...NAME, refEntId: '123' }]))).toBe('引用的实体不存在: 123');
    expect(await msg({ ...customer([]), extra: 1 })).toBe('不支持的字段: extra');
  });
});

describe('a save that leaves fields out', () => {
  it('keeps the parent, hierarchy field and remark it does not mention, and clears what it sends empty', async () => {
    const save = (body: Record<string, unknown>) =>
      t.call('POST', `${API}/dtentity/saveOrUpdate`, tokens.a, body);
    const parent = (await save({ entNo: 'region_p', entName: 'P', elements: [] })).json().data.id;
    const elements = [
      { eleNo: 'name', eleName: '名称', dataTyp: 'string' },
      { eleNo: 'up', eleName: '上级', dataTyp: 'string' },
    ];
    const child = (
      await save({
        entNo: 'region_c',
        entName: 'C',
        parentEntId: parent,
        treeField: 'up',
        remark: 'kept',
        elements,
      })
    ).json().data.id;
    const detail = async () =>
      (await t.call('GET', `${API}/dtentity/getDetail?id=${child}`, tokens.a)).json().data;
    const { dtElements } = await detail();
    const edited = await save({ id: child, entNo: 'region_c', entName: 'C2', elements: dtElements });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await detail()).toMatchObject({
      entName: 'C2',
      parentEntId: parent,
      treeField: 'up',
      remark: 'kept',
    });
    await save({
      id: child,
      entNo: 'region_c',
      entName: 'C2',
      elements: dtElements,
      parentEntId: null,
      remark: '',
    });
    expect(await detail()).toMatchObject({ parentEntId: null, treeField: 'up', remark: '' });
  });
});
