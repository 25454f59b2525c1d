import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { type ApiSession, apiLogin } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';
import { LAZY, unique } from './support/flowService.ts';

const API = '/api/yuan-api';
const LIST = '/mindmap/list/index';
const TEST = '/mindmap/test/index';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, row, rowAction, toast } = crudLocators(() => page);

/**
 * An entity with one required text field, synced to its table, whose default form asks for that field. Made through
 * the API: the entity and form designers have browser tests of their own.
 */
async function entityWithForm(api: ApiSession, code: string, name: string): Promise<string> {
  const entity = await api.post<{ id: string }>(`${API}/dtentity/saveOrUpdate`, {
    entNo: code,
    entName: name,
    remark: '',
    elements: [{ eleNo: 'title', eleName: '标题', dataTyp: 'string', verifyJson: { required: true } }],
  });
  await api.post(`${API}/dtentity/syncEntityDataBaseTable`, { id: entity.id, apply: true });
  const form = await api.post<{ id: string }>(`${API}/dtpage/fnSaveOrUpdate`, {
    pageNo: `${code}_form`,
    pageName: `${name}表单`,
    entId: entity.id,
    formJson: { column: [{ prop: 'title', label: '标题', type: 'input', span: 24, required: true }] },
  });
  await api.post(`${API}/dtpage/default`, { id: form.id });
  return entity.id;
}

/** A node of a drawn map, by its topic. */
function mapNode(canvas: Locator, topic: string): Locator {
  return canvas.locator('me-tpc', { hasText: topic });
}

/** Picks an option of an antd select after typing part of its text (long lists only draw what is in view). */
async function choose(select: Locator, typed: string, option: string) {
  await select.click();
  await page.keyboard.type(typed);
  await page
    .locator(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
    )
    .click();
}

describe('mind maps', () => {
  it("binds a node to an entity's form in the editor, runs the map and adds a row through that form", {
    timeout: 180_000,
  }, async () => {
    const api = await apiLogin('admin', inject('adminPassword'));
    const code = unique('mm_lead_');
    const entityName = unique('E2E线索');
    const entId = await entityWithForm(api, code, entityName);
    const mapName = unique('E2E导图');
    await api.post(`${API}/mindmap/submit`, {
      name: mapName,
      remark: '',
      data: { id: 'root', topic: mapName, children: [{ id: 'lead', topic: '新增线索' }] },
    });

    await openMenu(page, '低代码', '思维导图', LIST);
    const list = pane(LIST);
    await rowAction(row(list, mapName), { testId: 'mindmap-design' });

    // The editor opens as a tab of its own: select the node, bind it to the entity's form and save.
    await page.waitForURL(/\/mindmap\/detail\/\d+$/);
    const editor = page.locator('[data-pane^="/mindmap/detail/"]').getByTestId('mindmap-editor');
    const canvas = editor.getByTestId('mindmap-canvas');
    await mapNode(canvas, '新增线索').waitFor(LAZY);
    await mapNode(canvas, '新增线索').click();
    const panel = editor.getByTestId('mindmap-bind-panel');
    await panel.getByTestId('mindmap-bind-topic').getByText('新增线索').waitFor();
    await choose(panel.locator('.ant-select', { has: page.locator('#mindmap-bind-kind') }), '表单', '表单');
    await choose(
      panel.locator('.ant-select', { has: page.locator('#mindmap-bind-entity') }),
      code,
      `${entityName} (${code})`,
    );
    // The node shows its binding, and the map is unsaved until saved.
    await mapNode(canvas, '新增线索').getByText('表单', { exact: true }).waitFor();
    await editor.getByTestId('mindmap-unsaved').waitFor();
    await editor.getByTestId('mindmap-save').click();
    await toast('保存成功').waitFor();
    await editor.getByTestId('mindmap-unsaved').waitFor({ state: 'detached' });
    await editor.getByTestId('mindmap-back').click();
    await page.waitForURL(/\/mindmap\/list\/index$/);

    // Running the map (a tab too): the bound node opens the entity's default form; submitting it adds a row.
    await rowAction(row(list, mapName), { testId: 'mindmap-exec' });
    await page.waitForURL(/\/mindmap\/exec\/\d+$/);
    const runner = page.locator('[data-pane^="/mindmap/exec/"]').getByTestId('mindmap-runner');
    await runner.getByTestId('mindmap-runner-title').getByText(mapName, { exact: false }).waitFor(LAZY);
    await mapNode(runner.getByTestId('mindmap-run-canvas'), '新增线索').click();
    const drawer = page.locator('.mindmap-node-drawer');
    const form = drawer.getByTestId('mindmap-form');
    await form.waitFor(LAZY);
    // The form checks its own rules before anything is sent.
    await form.getByRole('button', { name: '提交' }).click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    const title = unique('E2E线索行');
    await form.locator('#mindmap-form_title').fill(title);
    await form.getByRole('button', { name: '提交' }).click();
    await toast('提交成功').waitFor();

    const rows = await api.get<{ records: { title: string }[] }>(`${API}/dtentity/queryDataByFields`, {
      entId,
      current: '1',
      size: '10',
    });
    expect(rows.records.map((r) => r.title)).toEqual([title]);
    const saved = await api.get<{ data: unknown }>(`${API}/mindmap/detail`, {
      id: await mapId(api, mapName),
    });
    expect(saved.data).toEqual({
      id: 'root',
      topic: mapName,
      children: [{ id: 'lead', topic: '新增线索', bind: { kind: 'form', entId } }],
    });

    // The test screen runs any map picked by name the same way.
    await drawer.locator('.ant-drawer-close').click();
    await form.waitFor({ state: 'detached' });
    await openMenu(page, '低代码', '导图测试', TEST);
    const tester = pane(TEST).getByTestId('mindmap-test');
    await choose(
      tester.locator('.ant-select', { has: page.locator('#mindmap-test-pick') }),
      mapName,
      mapName,
    );
    await mapNode(tester.getByTestId('mindmap-run-canvas'), '新增线索').click();
    await form.locator('#mindmap-form_title').waitFor(LAZY);
  });
});

async function mapId(api: ApiSession, name: string): Promise<string> {
  const page = await api.get<{ records: { id: string; name: string }[] }>(`${API}/mindmap/list`, { name });
  const found = page.records.find((r) => r.name === name);
  if (!found) {
    throw new Error(`no map named ${name}`);
  }
  return found.id;
}
