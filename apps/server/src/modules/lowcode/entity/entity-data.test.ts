import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { uploadFile } from '../../../../test/upload.ts';
import { lowcodeModule } from '../index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule]);
const API = '/api/yuan-api';
const post = async (url: string, body: unknown, token = tokens.a) => {
  const res = await t.call('POST', `${API}${url}`, token, body);
  expect(res.json()).toMatchObject({ success: true });
  return res.json().data;
};
const get = (url: string, token = tokens.a) => t.call('GET', `${API}${url}`, token);

async function entity(body: object, token = tokens.a) {
  const { id } = await post('/dtentity/saveOrUpdate', body, token);
  await post('/dtentity/syncEntityDataBaseTable', { id, apply: true }, token);
  return id as string;
}

describe('entity pickers, references and hierarchies', () => {
  it('offers a field as options, a reference as the referenced rows, and a tree level by level', async () => {
    const region = await entity({
      entNo: 'region',
      entName: '区域',
      treeField: 'parent',
      elements: [
        { eleNo: 'title', eleName: '名称', dataTyp: 'string', verifyJson: { required: true } },
        { eleNo: 'parent', eleName: '上级', dataTyp: 'string' },
      ],
    });
    // A form sends an empty parent as ''; it is a root like a row without one.
    const asia = (
      await post('/dtentity/saveOrUpdateData', { entId: region, data: { title: 'Asia', parent: '' } })
    ).id;
    const china = (
      await post('/dtentity/saveOrUpdateData', { entId: region, data: { title: 'China', parent: asia } })
    ).id;
    const kv = (await get(`/dtentity/data/kv?entId=${region}&field=title`)).json().data;
    expect(kv).toEqual([
      { key: asia, value: 'Asia' },
      { key: china, value: 'China' },
    ]);
    expect((await get(`/dtentity/queryConfig?entId=${region}`)).json().data).toMatchObject({
      treeField: 'parent',
      columns: ['title', 'parent'],
    });
    const roots = (await get(`/dtentity/0/children?entId=${region}`)).json().data;
    expect(roots).toMatchObject([{ id: asia, title: 'Asia', hasChildren: true }]);
    const level2 = (await get(`/dtentity/${asia}/children?entId=${region}`)).json().data;
    expect(level2).toMatchObject([{ id: china, hasChildren: false }]);
    // A node with children stays until they are gone.
    const refused = await t.call('POST', `${API}/dtentity/removeDatas`, tokens.a, {
      entId: region,
      ids: asia,
    });
    expect(refused.json().msg).toBe('请先删除子节点');

    const store = await entity({
      entNo: 'store',
      entName: '门店',
      elements: [
        { eleNo: 'name', eleName: '店名', dataTyp: 'string' },
        { eleNo: 'region_id', eleName: '区域', dataTyp: 'string', refEntId: region },
      ],
    });
    expect((await get(`/dtentity/ref?entId=${store}&field=region_id`)).json().data).toEqual(kv);
    expect((await get(`/dtentity/ref?entId=${store}&field=name`)).statusCode).toBe(400);
    expect((await get(`/dtentity/data/kv?entId=${store}&field=nope`)).json().msg).toBe('不支持的字段: nope');
    // A reference holds an id: anything else is refused before it reaches the table.
    const bad = await t.call('POST', `${API}/dtentity/saveOrUpdateData`, tokens.a, {
      entId: store,
      data: { name: 'x', region_id: 'Asia' },
    });
    expect(bad.json().msg).toBe('区域类型不正确');
    expect((await get(`/dtentity/${asia}/children?entId=${store}`)).statusCode).toBe(400);

    const logic = (await get('/dtentity/logic/all')).json().data;
    expect(logic.map((e: { entNo: string }) => e.entNo).sort()).toEqual(['region', 'store']);
    expect(logic.find((e: { entNo: string }) => e.entNo === 'store').fields).toEqual([
      { eleNo: 'name', eleName: '店名', dataTyp: 'string' },
      { eleNo: 'region_id', eleName: '区域', dataTyp: 'string' },
    ]);
  });

  it('takes only dictionary keys and references to live rows, on save and on import', async () => {
    const dict = (body: object) => post('/../yuan-system/dict-biz/submit', { sort: 1, isSealed: 0, ...body });
    const root = (await dict({ parentId: '0', code: 'shade', dictKey: '-1', dictValue: '色调' })).id;
    await dict({ parentId: root, code: 'shade', dictKey: 'warm', dictValue: '暖' });
    await dict({ parentId: root, code: 'shade', dictKey: 'cool', dictValue: '冷' });
    const refused = await t.call('POST', `${API}/dtentity/saveOrUpdate`, tokens.a, {
      entNo: 'paint',
      entName: '颜料',
      elements: [{ eleNo: 'tone', eleName: '色调', dataTyp: 'string', dictCode: 'nope' }],
    });
    expect(refused.json().msg).toBe('字典不存在或没有字典项: nope');
    const maker = await entity({
      entNo: 'maker',
      entName: '厂家',
      elements: [{ eleNo: 'title', eleName: '名称', dataTyp: 'string' }],
    });
    const acme = (await post('/dtentity/saveOrUpdateData', { entId: maker, data: { title: 'Acme' } })).id;
    const paint = await entity({
      entNo: 'paint',
      entName: '颜料',
      elements: [
        { eleNo: 'tone', eleName: '色调', dataTyp: 'string', dictCode: 'shade' },
        { eleNo: 'maker_id', eleName: '厂家', dataTyp: 'string', refEntId: maker },
      ],
    });
    const config = (await get(`/dtentity/queryConfig?entId=${paint}`)).json().data;
    expect(config.fields.tone).toMatchObject({ dict: 'shade', search: 'eq' });
    expect(config.fields.maker_id).toMatchObject({ ref: maker, kind: 'id' });

    const save = (data: object) =>
      t.call('POST', `${API}/dtentity/saveOrUpdateData`, tokens.a, { entId: paint, data });
    expect((await save({ tone: 'green' })).json().msg).toBe('色调的值“green”不是字典中的选项');
    expect((await save({ maker_id: '123456' })).json().msg).toBe('厂家引用的数据不存在: 123456');
    // Another tenant's row is no row here.
    const other = await entity(
      { entNo: 'maker', entName: '厂家', elements: [{ eleNo: 'title', eleName: '名称', dataTyp: 'string' }] },
      tokens.b,
    );
    const theirs = (
      await post('/dtentity/saveOrUpdateData', { entId: other, data: { title: 'B' } }, tokens.b)
    ).id;
    expect((await save({ maker_id: theirs })).json().msg).toBe(`厂家引用的数据不存在: ${theirs}`);
    expect((await save({ tone: 'warm', maker_id: acme })).json()).toMatchObject({ success: true });

    const sheet = new ExcelJS.Workbook();
    const ws = sheet.addWorksheet('s');
    for (const line of [
      ['色调', '厂家'],
      ['cool', acme],
      ['green', acme],
      ['warm', '99'],
    ]) {
      ws.addRow(line);
    }
    const file = Buffer.from(await sheet.xlsx.writeBuffer());
    const imported = await uploadFile(
      t,
      `${API}/dtentity/entExcelParseSave?entId=${paint}&mode=valid-only`,
      tokens.a,
      'p.xlsx',
      file,
    );
    expect(imported.json().data, imported.body).toMatchObject({
      saved: 1,
      refused: [
        { row: 3, reasons: ['色调的值“green”不是字典中的选项'] },
        { row: 4, reasons: ['厂家引用的数据不存在: 99'] },
      ],
    });
    const tones = (await get(`/dtentity/queryDataByFields?entId=${paint}&tone=cool`)).json().data.records;
    expect(tones).toMatchObject([{ tone: 'cool', maker_id: acme }]);
    // A filter the entity does not have, of any length, is refused by name; so is a value beyond its bound.
    for (const name of ['nope', 'k'.repeat(200)]) {
      const refused = await get(`/dtentity/queryDataByFields?entId=${paint}&${name}=1`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toContain(name);
    }
    const long = await get(`/dtentity/queryDataByFields?entId=${paint}&tone=${'c'.repeat(1001)}`);
    expect(long.statusCode).toBe(400);
  });

  it('shows a table changed outside the product as drift, and rewrites the definition from it on request', async () => {
    const id = await entity({
      entNo: 'drifty',
      entName: '漂移',
      elements: [
        { eleNo: 'title', eleName: '标题', dataTyp: 'string' },
        { eleNo: 'qty', eleName: '数量', dataTyp: 'int' },
      ],
    });
    await post('/dtentity/saveOrUpdateData', { entId: id, data: { title: 'kept', qty: 3 } });
    await sql
      .raw(
        `ALTER TABLE yuan_ent_${id} ADD COLUMN extra text; ALTER TABLE yuan_ent_${id} ALTER COLUMN qty TYPE text`,
      )
      .execute(t.database.root);
    expect((await get(`/dtentity/getDetail?id=${id}`)).json().data.drift).toEqual(['~qty:text', '+extra']);
    const adopted = await post('/dtentity/syncEntityDataBaseTable', { id, fromDatabase: true });
    expect(adopted.version).toBe(2);
    const view = (await get(`/dtentity/getDetail?id=${id}`)).json().data;
    expect(view).toMatchObject({ drift: [], pendingSync: false });
    expect(
      view.elements.map((e: { eleNo: string; dataTyp: string; eleName: string }) => [
        e.eleNo,
        e.dataTyp,
        e.eleName,
      ]),
    ).toEqual([
      ['title', 'string', '标题'],
      ['qty', 'text', '数量'],
      ['extra', 'text', 'extra'],
    ]);
    // The columns match the definition now; what a sync would still do is make the field indexes of the new kinds.
    const left = (await post('/dtentity/syncEntityDataBaseTable', { id })).steps as { sql: string }[];
    expect(left.map((step) => step.sql)).toEqual([
      expect.stringMatching(/^DROP INDEX IF EXISTS "yuan_ent_\d+_o\d+"$/),
      expect.stringContaining('("qty" gin_trgm_ops)'),
      expect.stringContaining('("extra" gin_trgm_ops)'),
    ]);
    expect((await get(`/dtentity/queryDataByFields?entId=${id}`)).json().data.records[0]).toMatchObject({
      title: 'kept',
      qty: '3',
      extra: null,
    });
  });

  it('lists the database tables for the platform tenant only, marking the managed ones', async () => {
    const tables = (await get('/dtentity/listDBTables')).json().data as {
      tableName: string;
      managed: boolean;
    }[];
    expect(tables.find((x) => x.tableName === 'yuan_user')).toMatchObject({ managed: false });
    expect(tables.filter((x) => x.managed).length).toBe(6);
    expect((await get('/dtentity/listDBTables', tokens.b)).statusCode).toBe(403);
  });
});
