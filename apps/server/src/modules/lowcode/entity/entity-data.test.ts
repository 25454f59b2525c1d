import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';

const { t, tokens } = twoTenantApp();
const API = '/api/yuan-api';
const post = async (url: string, body: unknown, token = tokens.a) => {
  const res = await t.call('POST', `${API}${url}`, token, body);
  expect(res.json()).toMatchObject({ success: true });
  return res.json().data;
};
const get = (url: string, token = tokens.a) => t.call('GET', `${API}${url}`, token);

async function entity(body: object) {
  const { id } = await post('/dtentity/saveOrUpdate', body);
  await post('/dtentity/syncEntityDataBaseTable', { id, apply: true });
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
    expect((await post('/dtentity/syncEntityDataBaseTable', { id })).steps).toEqual([]);
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
    expect(tables.filter((x) => x.managed).length).toBe(3);
    expect((await get('/dtentity/listDBTables', tokens.b)).statusCode).toBe(403);
  });
});
