import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_B, twoTenants } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { reportModule } from '../report/index.ts';
import { appPackageModule } from './index.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof twoTenants>>;
const API = '/api/yuan-api';
let entId = '';
let pageId = '';

const ok = async (token: string, method: 'GET' | 'POST', url: string, body?: object) => {
  const res = await t.call(method, url.startsWith('/api/') ? url : `${API}${url}`, token, body);
  if (res.statusCode !== 200 || res.json().success !== true) {
    throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  return res.json().data;
};

/** A multipart upload of a package (and fields) as the screen sends it. */
const upload = (token: string, path: string, text: string, fields: Record<string, string> = {}) => {
  const boundary = 'yuanpkgboundary';
  const parts = [
    ...Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="app.json"\r\nContent-Type: application/json\r\n\r\n${text}\r\n`,
    `--${boundary}--\r\n`,
  ];
  return t.app.inject({
    method: 'POST',
    url: `${API}/app-package/${path}`,
    headers: { 'blade-auth': `bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: parts.join(''),
  });
};

const exportFile = async (token: string, ids: string[], withData = false) => {
  const res = await t.call('POST', `${API}/app-package/export`, token, { entIds: ids, withData });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toContain('attachment');
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp({}, [appPackageModule, reportModule]);
  tokens = await twoTenants(t);
  const a = tokens.a;
  const entity = await ok(a, 'POST', '/dtentity/saveOrUpdate', {
    entNo: 'purchase',
    entName: '订单',
    elements: [
      { eleNo: 'title', eleName: '标题', dataTyp: 'string' },
      { eleNo: 'amount', eleName: '金额', dataTyp: 'decimal' },
    ],
  });
  entId = entity.id;
  await ok(a, 'POST', '/dtentity/syncEntityDataBaseTable', { id: entId, apply: true });
  const page = await ok(a, 'POST', '/dtpage/fnSaveOrUpdate', {
    entId,
    pageNo: 'order_form',
    pageName: '订单表单',
    formJson: { column: [{ prop: 'title', label: '标题', type: 'input' }] },
  });
  pageId = page.id;
  await ok(a, 'POST', '/dtgrid/fnSaveOrUpdate', {
    entId,
    gridNo: 'order_grid',
    gridName: '订单表格',
    gridJson: { columns: [{ prop: 'title' }] },
  });
  const module = await ok(a, 'POST', '/s/saveOrUpdate', { parentId: '0', name: 'Orders', kind: 'module' });
  await ok(a, 'POST', '/s/saveOrUpdate', {
    parentId: module.id,
    name: 'Count orders',
    kind: 'service',
    path: 'orders/count',
    code: `return { entity: '${entId}' };`,
  });
  await ok(a, 'POST', '/api/yuan-flow/model/submit', {
    modelKey: 'order_process',
    name: '订单流程',
    xml: `<?xml version="1.0"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><process id="order_process" isExecutable="true"><startEvent id="s"/></process></definitions>`,
  });
  await ok(a, 'POST', '/trigger/saveOrUpdate', {
    name: '大额订单',
    entId,
    events: ['create'],
    condition: 'after.amount > 100',
    action: { kind: 'process', processKey: 'order_process' },
    enabled: true,
  });
  await ok(a, 'POST', '/api/yuan-report/report/rest/submit', {
    name: '订单报表',
    querySql: 'SELECT title, amount FROM purchase',
  });
  await ok(a, 'POST', '/dtentity/saveOrUpdateData', { entId, data: { title: 'first', amount: 50 } });
  await ok(a, 'POST', '/dtentity/saveOrUpdateData', { entId, data: { title: 'second', amount: 150 } });
});
afterAll(() => t.close());

describe('application packages', () => {
  it('exports the entity with its forms, grids, services, process, trigger and report, with a checksum', async () => {
    const file = JSON.parse(await exportFile(tokens.a, [entId]));
    expect(file).toMatchObject({ kind: 'yuan-app-package', version: 1, source: { tenantId: '000000' } });
    expect(file.checksum).toMatch(/^[0-9a-f]{64}$/);
    const { parts } = file.content;
    expect(parts.entity.map((e: { entNo: string }) => e.entNo)).toEqual(['purchase']);
    expect(parts.form.map((f: { pageNo: string }) => f.pageNo)).toEqual(['order_form']);
    expect(parts.grid.map((g: { gridNo: string }) => g.gridNo)).toEqual(['order_grid']);
    expect(parts.service.map((s: { name: string }) => s.name)).toEqual(['Orders', 'Count orders']);
    expect(parts.model.map((m: { modelKey: string }) => m.modelKey)).toEqual(['order_process']);
    expect(parts.trigger.map((x: { name: string }) => x.name)).toEqual(['大额订单']);
    expect(parts.report.map((x: { name: string }) => x.name)).toEqual(['订单报表']);
    expect(file.content.data).toBeUndefined();
    const withData = JSON.parse(await exportFile(tokens.a, [entId], true));
    expect(withData.content.data[entId].map((r: { title: string }) => r.title).sort()).toEqual([
      'first',
      'second',
    ]);
  });

  it('imports into another tenant all at once, ids remapped, and a second import updates in place', async () => {
    const text = await exportFile(tokens.a, [entId], true);
    const preview = await upload(tokens.b, 'preview', text);
    expect(preview.statusCode).toBe(200);
    const p = preview.json().data;
    expect(p.conflicts).toEqual([]);
    expect(p.items.filter((i: { action: string }) => i.action !== 'create')).toEqual([]);
    expect(p.items.map((i: { kind: string }) => i.kind)).toEqual([
      'entity',
      'service',
      'service',
      'model',
      'form',
      'grid',
      'report',
      'trigger',
    ]);
    expect(p.ddl.join('\n')).toContain('CREATE TABLE');
    expect(p.rows).toBe(2);
    // The preview wrote nothing.
    const before = await t.database.root
      .selectFrom('yuan_dt_entity')
      .select('id')
      .where('tenant_id', '=', TENANT_B)
      .where('ent_no', '=', 'purchase')
      .execute();
    expect(before).toHaveLength(0);

    const done = await upload(tokens.b, 'import', text, { confirmToken: p.confirmToken });
    expect(done.json()).toMatchObject({ success: true, data: { created: 8, updated: 0, rows: 2 } });
    const root = t.database.root;
    const entityB = await root
      .selectFrom('yuan_dt_entity')
      .select(['id', 'synced_version', 'version'])
      .where('tenant_id', '=', TENANT_B)
      .where('ent_no', '=', 'purchase')
      .executeTakeFirstOrThrow();
    expect(entityB.id).not.toBe(entId);
    expect(entityB.synced_version).toBe(entityB.version);
    const form = await root
      .selectFrom('yuan_dt_page')
      .select(['ent_id', 'is_default'])
      .where('tenant_id', '=', TENANT_B)
      .where('page_no', '=', 'order_form')
      .executeTakeFirstOrThrow();
    expect(form.ent_id).toBe(entityB.id);
    const report = await root
      .selectFrom('yuan_report')
      .select('query_sql')
      .where('tenant_id', '=', TENANT_B)
      .executeTakeFirstOrThrow();
    expect(report.query_sql).toBe('SELECT title, amount FROM purchase');
    const trigger = await root
      .selectFrom('yuan_trigger')
      .select(['resource', 'action'])
      .where('tenant_id', '=', TENANT_B)
      .executeTakeFirstOrThrow();
    expect(trigger.resource).toBe(`ent_${entityB.id}`);
    const service = await root
      .selectFrom('yuan_script_service')
      .select(['code', 'parent_id'])
      .where('tenant_id', '=', TENANT_B)
      .where('path', '=', 'orders/count')
      .executeTakeFirstOrThrow();
    expect(service.code).toContain(entityB.id);
    expect(service.parent_id).not.toBe('0');
    const rows = await ok(tokens.b, 'GET', `/dtentity/queryDataByFields?entId=${entityB.id}`);
    expect(rows.records.map((r: { title: string }) => r.title).sort()).toEqual(['first', 'second']);

    const again = (await upload(tokens.b, 'preview', text)).json().data;
    expect(
      again.items
        .filter((i: { action: string }) => i.action === 'create')
        .map((i: { kind: string }) => i.kind),
    ).toEqual([]);
    const second = await upload(tokens.b, 'import', await exportFile(tokens.a, [entId]), {
      confirmToken: '',
    });
    expect(second.json().msg).toBe('导入确认已失效，请重新预览');
    const history = await ok(tokens.b, 'GET', '/app-package/history');
    expect(history.total).toBe(1);
    expect(history.records[0]).toMatchObject({
      fileName: 'app.json',
      sourceTenant: '000000',
      created: 8,
      rows: 2,
    });
  });

  it('refuses a changed file, a newer format version, and another tenant’s entities', async () => {
    const text = await exportFile(tokens.a, [entId]);
    const file = JSON.parse(text);
    file.content.parts.entity[0].entName = '改过的';
    const tampered = await upload(tokens.b, 'preview', JSON.stringify(file));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().msg).toBe('应用包校验和不符：文件已被修改或损坏');
    const newer = await upload(tokens.b, 'preview', JSON.stringify({ ...JSON.parse(text), version: 99 }));
    expect(newer.json().msg).toContain('应用包格式版本 99');
    expect((await upload(tokens.b, 'preview', 'not json')).json().msg).toBe('不是应用包文件');
    const foreign = await t.call('POST', `${API}/app-package/export`, tokens.b, { entIds: [entId] });
    expect(foreign.statusCode).toBe(404);
    const noPerm = await t.call('POST', `${API}/app-package/export`, tokens.noPerm, { entIds: [entId] });
    expect(noPerm.statusCode).toBe(403);
  });

  it('names every part that cannot be imported, and a refused import takes nothing', async () => {
    const file = JSON.parse(await exportFile(tokens.a, [entId]));
    // A form of the package whose code another entity's form in B already uses.
    await ok(tokens.b, 'POST', '/dtentity/saveOrUpdate', {
      entNo: 'other',
      entName: 'Other',
      elements: [{ eleNo: 'name', eleName: 'Name', dataTyp: 'string' }],
    });
    file.content.parts.entity[0].entNo = 'purchase2';
    file.content.parts.grid[0].gridNo = 'order_grid2';
    file.content.parts.form[0].pageNo = 'order_form';
    file.content.parts.form[0].formJson = 'not a form';
    file.content.parts.report[0].querySql = 'DROP TABLE yuan_user';
    const { checksumOf } = await import('./package-file.ts');
    file.checksum = checksumOf(file.content);
    const preview = (await upload(tokens.b, 'preview', JSON.stringify(file))).json().data;
    // Every refused part, by name; the others are still listed with what they would do.
    expect(preview.conflicts.map((c: { kind: string; name: string }) => `${c.kind}:${c.name}`)).toEqual([
      'form:订单表单',
      'report:订单报表',
    ]);
    expect(preview.conflicts[1].reason).not.toBe('');
    expect(preview.items.map((i: { kind: string }) => i.kind)).toContain('grid');
    expect(preview.confirmToken).toBe('');
    const refused = await upload(tokens.b, 'import', JSON.stringify(file), {
      confirmToken: preview.confirmToken,
    });
    expect(refused.statusCode).toBe(400);
    const entities = await t.database.root
      .selectFrom('yuan_dt_entity')
      .select('ent_no')
      .where('tenant_id', '=', TENANT_B)
      .execute();
    expect(entities.map((e) => e.ent_no)).not.toContain('purchase2');
    expect(pageId).not.toBe('');
  });

  it('takes nothing when a part is refused during the import itself', async () => {
    const file = JSON.parse(await exportFile(tokens.a, [entId]));
    file.content.parts.entity[0].entNo = 'purchase3';
    file.content.parts.grid[0].gridNo = 'order_grid3';
    file.content.parts.form[0].pageNo = 'clash_form';
    const { checksumOf } = await import('./package-file.ts');
    file.checksum = checksumOf(file.content);
    const text = JSON.stringify(file);
    const preview = (await upload(tokens.b, 'preview', text)).json().data;
    expect(preview.conflicts).toEqual([]);
    // Between the preview and the import, B takes the form's code for a form of its own.
    const other = await t.database.root
      .selectFrom('yuan_dt_entity')
      .select('id')
      .where('tenant_id', '=', TENANT_B)
      .where('ent_no', '=', 'other')
      .executeTakeFirstOrThrow();
    await ok(tokens.b, 'POST', '/dtpage/fnSaveOrUpdate', {
      entId: other.id,
      pageNo: 'clash_form',
      pageName: 'Clash',
      formJson: { column: [] },
    });
    const refused = await upload(tokens.b, 'import', text, { confirmToken: preview.confirmToken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('订单表单');
    const entities = await t.database.root
      .selectFrom('yuan_dt_entity')
      .select('ent_no')
      .where('tenant_id', '=', TENANT_B)
      .execute();
    expect(entities.map((e) => e.ent_no)).not.toContain('purchase3');
    const tables = await t.database.root
      .selectFrom('yuan_app_import')
      .select('id')
      .where('tenant_id', '=', TENANT_B)
      .execute();
    expect(tables).toHaveLength(1);
  });
});
