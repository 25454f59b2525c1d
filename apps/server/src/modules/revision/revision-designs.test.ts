import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { flowModule } from '../flow/index.ts';
import { reportModule } from '../report/index.ts';
import { revisionModule } from './index.ts';

let t: TestApp;
let token: string;
let entId: string;

const MODEL = (name: string) =>
  `<?xml version="1.0"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><process id="${name}" isExecutable="true"/></definitions>`;

async function saved(url: string, body: object): Promise<string> {
  const res = await t.call('POST', url, token, body);
  expect(res.json().success, res.body).toBe(true);
  return String(res.json().data.id ?? (body as { id?: string }).id);
}

/** The actions of a row's revisions, newest first, and the fields the newest one changed. */
async function history(resource: string, id: string) {
  const res = await t.call('GET', `/api/yuan-api/revision/list?resource=${resource}&id=${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const records = res.json().data.records as { action: string; changes: { field: string }[] }[];
  return { actions: records.map((r) => r.action), fields: records[0]?.changes.map((c) => c.field) };
}

beforeAll(async () => {
  t = await createTestApp({}, [flowModule, reportModule, revisionModule]);
  token = (await t.login()).access_token;
  entId = await saved('/api/yuan-api/dtentity/saveOrUpdate', {
    entNo: 'design_rev',
    entName: 'Designs',
    elements: [{ eleNo: 'title', eleName: 'Title', dataTyp: 'string' }],
  });
  await saved('/api/yuan-api/dtentity/syncEntityDataBaseTable', { id: entId, apply: true });
});
afterAll(() => t.close());

describe("the designers' saves keep revisions", () => {
  it('of a form and a grid', async () => {
    const form = { entId, pageNo: 'rev_form', pageName: 'Form', formJson: { column: [] } };
    const pageId = await saved('/api/yuan-api/dtpage/fnSaveOrUpdate', form);
    await saved('/api/yuan-api/dtpage/fnSaveOrUpdate', { ...form, id: pageId, pageName: 'Form two' });
    expect(await history('page', pageId)).toEqual({ actions: ['update', 'create'], fields: ['pageName'] });

    const grid = { entId, gridNo: 'rev_grid', gridName: 'Grid', gridJson: { columns: [] } };
    const gridId = await saved('/api/yuan-api/dtgrid/fnSaveOrUpdate', grid);
    await saved('/api/yuan-api/dtgrid/fnSaveOrUpdate', { ...grid, id: gridId, gridName: 'Grid two' });
    expect(await history('grid', gridId)).toEqual({ actions: ['update', 'create'], fields: ['gridName'] });
  });

  it('of a process model, a flow service (its code from the block editor too) and a report', async () => {
    const model = { modelKey: 'rev_model', name: 'Model', xml: MODEL('one') };
    const modelId = await saved('/api/yuan-flow/model/submit', model);
    await saved('/api/yuan-flow/model/submit', { ...model, id: modelId, xml: MODEL('two') });
    expect(await history('flowModel', modelId)).toEqual({ actions: ['update', 'create'], fields: ['xml'] });

    const service = { parentId: '0', name: 'Svc', kind: 'service', path: 'rev_svc', code: 'return 1' };
    const serviceId = await saved('/api/yuan-api/s/saveOrUpdate', service);
    await saved('/api/blockly/saveOrUpdate', { id: serviceId, data: { blocks: {} }, code: 'return 2' });
    expect(await history('flowService', serviceId)).toEqual({
      actions: ['update', 'create'],
      fields: ['code'],
    });

    const report = { name: 'Rev report', querySql: 'select 1 as one', view: { chart: 'table' } };
    const reportId = await saved('/api/yuan-report/report/rest/submit', report);
    await saved('/api/yuan-report/report/rest/submit', {
      ...report,
      id: reportId,
      querySql: 'select 2 as two',
    });
    expect(await history('report', reportId)).toEqual({
      actions: ['update', 'create'],
      fields: ['querySql'],
    });
  });
});
