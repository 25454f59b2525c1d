import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { type ApiSession, apiLogin } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';
import { LAZY, unique } from './support/flowService.ts';

const API = '/api/yuan-api';
const LIST = '/report/reportlist/index';
const SQL = '/sqledit/index';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, row, toast } = crudLocators(() => page);

/** An entity of sales (region, amount) synced to its table, with three rows. Made through the API. */
async function salesEntity(api: ApiSession, code: string): Promise<void> {
  const entity = await api.post<{ id: string }>(`${API}/dtentity/saveOrUpdate`, {
    entNo: code,
    entName: `销售${code}`,
    remark: '',
    elements: [
      { eleNo: 'region', eleName: '地区', dataTyp: 'string' },
      { eleNo: 'amount', eleName: '金额', dataTyp: 'int' },
    ],
  });
  await api.post(`${API}/dtentity/syncEntityDataBaseTable`, { id: entity.id, apply: true });
  for (const data of [
    { region: '华东', amount: 120 },
    { region: '华东', amount: 75 },
    { region: '华南', amount: 40 },
  ]) {
    await api.post(`${API}/dtentity/saveOrUpdateData`, { entId: entity.id, data });
  }
}

describe('reports', () => {
  it('designs a report with one parameter, views its rows and draws them as a bar chart', {
    timeout: 180_000,
  }, async () => {
    const api = await apiLogin('admin', inject('adminPassword'));
    const code = unique('rep_sale_');
    await salesEntity(api, code);
    const name = unique('E2E报表');

    await openMenu(page, '报表管理', '报表列表', LIST);
    const list = pane(LIST);
    await list.getByTestId('report-add').click();
    const designer = page.locator('[data-testid="report-designer"] .ant-modal');
    await designer.waitFor();
    await designer.getByTestId('report-name-input').fill(name);
    // CodeMirror loads in its own chunk: wait for its editable area, then type the query in one go.
    const query = designer.locator('[data-testid="report-query"] .cm-content');
    await query.waitFor(LAZY);
    await query.click();
    await page.keyboard.insertText(
      `SELECT region, amount FROM ${code} WHERE region = $1 ORDER BY amount DESC`,
    );
    await designer.getByTestId('report-param-add').click();
    const line = designer.getByTestId('report-param-0');
    await line.getByPlaceholder('参数名').fill('region');
    await line.getByPlaceholder('显示名').fill('地区');
    await line.getByText('必填').click();
    // The count matches now: the warning about $n against declared parameters is gone.
    await designer.getByTestId('report-param-count').waitFor({ state: 'detached' });
    // The preview lists the answered columns under 列名, entity fields with their names already filled in, and
    // heads its table with them; the query's completion list is not left open over it.
    await designer.getByTestId('report-preview-params').getByLabel('地区').fill('华东');
    await designer.getByTestId('report-preview-params-run').click();
    const labels = designer.getByTestId('report-labels');
    await expect.poll(() => labels.getByLabel('amount的中文列名').inputValue(), LAZY).toBe('金额');
    await labels.getByLabel('amount的英文列名').fill('Amount');
    expect(await designer.locator('.cm-tooltip-autocomplete').count()).toBe(0);
    const preview = designer.getByTestId('report-preview').getByTestId('report-table');
    await expect.poll(() => preview.locator('thead th').allTextContents()).toEqual(['地区', '金额']);
    await designer.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await designer.waitFor({ state: 'hidden' });

    // The viewer: the required parameter is asked for, the rows come with it.
    await row(list, name).getByTestId('report-view').click();
    const viewer = page.getByTestId('report-viewer');
    await viewer.waitFor();
    expect(await viewer.getByTestId('report-name').textContent()).toBe(name);
    await viewer.getByLabel('地区').fill('华东');
    await viewer.getByTestId('report-params-run').click();
    const table = viewer.getByTestId('report-table');
    await table.locator('.ant-table-row').first().waitFor();
    const cells = await table.locator('.ant-table-row').allTextContents();
    expect(cells).toEqual(['华东120', '华东75']);
    expect(await table.locator('thead th').allTextContents()).toEqual(['地区', '金额']);
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByTestId('report-export-excel').click(),
    ]);
    expect(sheet.suggestedFilename()).toBe(`${name}.xlsx`);

    // Another presentation of the same rows: a bar chart drawn on a canvas.
    await viewer.getByTestId('report-chart-switch').getByText('柱状图').click();
    await viewer.locator('[data-testid="report-chart"] canvas').waitFor(LAZY);
    expect(await table.count()).toBe(0);
    const exportPng = viewer.getByTestId('report-export-png');
    await expect.poll(() => exportPng.isEnabled()).toBe(true);
    const [image] = await Promise.all([page.waitForEvent('download'), exportPng.click()]);
    expect(image.suggestedFilename()).toBe(`${name}.png`);
  });

  it('runs a query of the SQL editor with Ctrl+Enter and writes one with the visual builder', {
    timeout: 180_000,
  }, async () => {
    const api = await apiLogin('admin', inject('adminPassword'));
    const code = unique('sql_sale_');
    await salesEntity(api, code);

    await openMenu(page, '低代码', 'SQL编辑器', SQL);
    const screen = pane(SQL);
    const editor = screen.locator('[data-testid="sql-editor"] .cm-content');
    await editor.waitFor(LAZY);
    await editor.click();
    await page.keyboard.insertText(`SELECT region, amount FROM ${code} WHERE amount > $1 ORDER BY amount`);
    await screen.getByTestId('sql-param-1').fill('50');
    await editor.click();
    await page.keyboard.press('Control+Enter');
    const rows = screen.locator('[data-testid="sql-rows"] .ant-table-row');
    await rows.first().waitFor();
    expect(await rows.allTextContents()).toEqual(['华东75', '华东120']);
    await screen.getByTestId('sql-elapsed').waitFor();

    // The builder: the entity, one column, and the SELECT it writes lands in the editor.
    const builder = screen.getByTestId('sql-builder');
    await builder.getByTestId('sql-builder-entities').click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${code} "]`).click();
    // The entity list stays open after a choice (several may be joined): close it, or it covers the field picker.
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
    await builder.getByLabel('请选择字段').first().click();
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${code}.region"]`)
      .click();
    await builder.getByTestId('sql-build').click();
    await expect.poll(() => editor.textContent()).toContain(`FROM "${code}"`);
  });
});
