import { beforeAll, describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { lowcodeModule } from '../index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule]);
const API = '/api/yuan-api';
const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = tokens.a) =>
  t.call(method, `${API}${url}`, token, body);
const data = async (method: 'GET' | 'POST', url: string, body?: unknown, token = tokens.a) => {
  const res = await call(method, url, body, token);
  expect(res.json()).toMatchObject({ success: true });
  return res.json().data;
};
let entId = '';

beforeAll(async () => {
  entId = (
    await data('POST', '/dtentity/saveOrUpdate', {
      entNo: 'lead',
      entName: '线索',
      elements: [{ eleNo: 'title', eleName: '标题', dataTyp: 'string', verifyJson: { required: true } }],
    })
  ).id;
  await data('POST', '/dtentity/syncEntityDataBaseTable', { id: entId, apply: true });
  await data('POST', '/dtentity/saveOrUpdateData', { entId, data: { title: 'first lead' } });
});

describe('designed forms and grids', () => {
  it('saves a form of an entity with a version per save, checks codes, copies and picks the default', async () => {
    const formJson = { labelWidth: 120, column: [{ prop: 'title', label: '标题', type: 'input' }] };
    const page = await data('POST', '/dtpage/fnSaveOrUpdate', {
      pageNo: 'lead_form',
      pageName: '线索表单',
      entId,
      formJson,
      isDefault: true,
    });
    // Only the default call makes a design the default.
    expect(page).toMatchObject({ pageNo: 'lead_form', entId, formJson, isDefault: false });
    await data('POST', '/dtpage/fnSaveOrUpdate', { ...page, pageName: '线索表单2' });
    const versions = await t.database.root
      .selectFrom('yuan_dt_version')
      .select(['version', 'diff'])
      .where('kind', '=', 'page')
      .where('target_id', '=', page.id)
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions[1]?.diff).toEqual([{ op: 'change', keys: ['pageName'] }]);
    const history = await data('GET', `/dtversion/list?targetId=${page.id}&kind=page`);
    expect(history.records.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const theirs = await call('GET', `/dtversion/list?targetId=${page.id}&kind=page`, undefined, tokens.b);
    expect(theirs.statusCode).toBe(404);

    // A version restores by the form's own save (a new version); only as the kind it is, only by its tenant.
    const first = history.records.find((v: { version: number }) => v.version === 1).id;
    expect((await call('POST', '/dtversion/restore', { id: first, kind: 'grid' })).statusCode).toBe(404);
    expect((await call('POST', '/dtversion/restore', { id: first })).statusCode).toBe(404);
    expect((await call('POST', '/dtversion/restore', { id: first, kind: 'page' }, tokens.b)).statusCode).toBe(
      404,
    );
    await data('POST', '/dtversion/restore', { id: first, kind: 'page' });
    expect((await data('GET', `/dtpage/getDetail?id=${page.id}`)).pageName).toBe('线索表单');
    expect((await data('GET', `/dtversion/list?targetId=${page.id}&kind=page`)).total).toBe(3);

    expect(await data('GET', '/dtpage/checkPageNoExist?pageNo=lead_form')).toBe(true);
    expect(await data('GET', `/dtpage/checkPageNoExist?pageNo=lead_form&id=${page.id}`)).toBe(false);
    expect(await data('GET', '/dtpage/checkPageNoExist?pageNo=other')).toBe(false);
    const taken = await call('POST', '/dtpage/fnSaveOrUpdate', { pageNo: 'lead_form', pageName: 'x', entId });
    expect(taken.json().msg).toBe('表单编号“lead_form”已存在');
    const orphan = await call('POST', '/dtpage/fnSaveOrUpdate', { pageNo: 'p2', pageName: 'x', entId: '42' });
    expect(orphan.json().msg).toBe('引用的实体不存在: 42');

    const copy = await data('POST', '/dtpage/copy', { id: page.id });
    const again = await data('POST', '/dtpage/copy', { id: page.id });
    expect([copy.pageNo, again.pageNo]).toEqual(['lead_form_copy', 'lead_form_copy2']);
    expect(copy.formJson).toEqual(formJson);

    await data('POST', '/dtpage/default', { id: page.id });
    await data('POST', '/dtpage/default', { id: copy.id });
    const list = await data('GET', `/dtpage/fnList?entId=${entId}&size=50`);
    const defaults = list.records
      .filter((p: { isDefault: boolean }) => p.isDefault)
      .map((p: { id: string }) => p.id);
    expect(defaults).toEqual([copy.id]);

    // Another tenant sees none of it.
    expect((await call('GET', `/dtpage/getDetail?id=${page.id}`, undefined, tokens.b)).statusCode).toBe(404);
    expect((await call('POST', '/dtpage/copy', { id: page.id }, tokens.b)).statusCode).toBe(404);
    expect((await call('POST', '/dtpage/default', { id: page.id }, tokens.b)).statusCode).toBe(404);
    expect((await data('GET', '/dtpage/fnList', undefined, tokens.b)).total).toBe(0);

    await data('POST', '/dtpage/remove', { ids: [again.id] });
    expect((await call('GET', `/dtpage/getDetail?id=${again.id}`)).statusCode).toBe(404);
  });

  it("answers a grid's configuration with its entity's, and the entity's rows through the grid", async () => {
    const gridJson = {
      columns: [{ prop: 'title', width: 200 }],
      pageSize: 20,
      sort: { prop: 'title', order: 'desc' },
    };
    const grid = await data('POST', '/dtgrid/fnSaveOrUpdate', {
      gridNo: 'lead_grid',
      gridName: '线索表格',
      entId,
      gridJson,
    });
    // Only the shapes the screens read are stored, with the rule's text or the field that is wrong.
    const refused = async (url: string, body: object) => (await call('POST', url, body)).json().msg;
    expect(
      await refused('/dtgrid/fnSaveOrUpdate', {
        ...grid,
        gridJson: { columns: [{ prop: 'a' }, { prop: 'a' }] },
      }),
    ).toBe('gridJson.columns: 列重复：a');
    expect(
      await refused('/dtgrid/fnSaveOrUpdate', { ...grid, gridJson: { columns: [], pageSize: 7 } }),
    ).toMatch(/^gridJson\.pageSize: /);
    expect(
      await refused('/dtpage/fnSaveOrUpdate', {
        pageNo: 'bad_form',
        pageName: 'x',
        entId,
        formJson: { column: [{ prop: 'n', type: 'slider', min: 5, max: 1 }] },
      }),
    ).toMatch(/滑块/);
    expect((await data('GET', `/dtgrid/getDetail?id=${grid.id}`)).gridJson).toEqual(gridJson);
    const config = await data('GET', `/dtgrid/queryConfigByGridId?gridId=${grid.id}`);
    expect(config.grid).toMatchObject({ id: grid.id, gridJson });
    expect(Object.keys(config.entity.fields)).toEqual(['title']);
    const rows = await data('GET', `/dtgrid/queryDataByFields?gridId=${grid.id}&title=first`);
    expect(rows.records.map((r: { title: string }) => r.title)).toEqual(['first lead']);
    const unknown = await call('GET', `/dtgrid/queryDataByFields?gridId=${grid.id}&colour=red`);
    expect(unknown.statusCode).toBe(400);
    expect(
      (await call('GET', `/dtgrid/queryDataByFields?gridId=${grid.id}`, undefined, tokens.b)).statusCode,
    ).toBe(404);
    await data('GET', `/dtgrid/remove?id=${grid.id}`);
    expect((await call('GET', `/dtgrid/getDetail?id=${grid.id}`)).statusCode).toBe(404);
  });
});
