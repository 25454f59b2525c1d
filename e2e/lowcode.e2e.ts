import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAsAdmin, openMenu, tab, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';
import { lowcodeSteps } from './support/lowcode.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, dialog, toast, row } = crudLocators(() => page);
const { choose, defineEntity, answerSyncOffer } = lowcodeSteps(() => page);

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const line of rows) {
    sheet.addRow(line);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('low-code entities', () => {
  it('defines an entity, syncs it to a table, adds a row through the generated form, then removes it all', async () => {
    await openMenu(page, '低代码', '实体管理', '/entity/index');
    const screen = pane('/entity/index');
    await defineEntity({
      code: 'e2e_customer',
      name: 'E2E客户',
      fields: [
        { code: 'name', name: '姓名', required: true },
        { code: 'age', name: '年龄', type: 'int' },
      ],
    });

    // Saving changes only the definition: the list says so and the sync preview is offered at once.
    await row(screen, 'e2e_customer').getByText('待同步').waitFor();
    const offer = page.locator('.ant-modal-confirm', { hasText: '是否现在同步到数据库' });
    await offer.getByRole('button', { name: '现在同步' }).click();
    const sync = page.locator('.entity-sync .ant-modal');
    await sync.getByText('同步到数据库：E2E客户').waitFor();
    await sync
      .getByTestId('sync-steps')
      .getByText(/创建表 yuan_ent_\d+（2个字段）/)
      .waitFor();
    await sync.getByRole('button', { name: '执行同步' }).click();
    await toast('同步成功').waitFor();
    await row(screen, 'e2e_customer').getByText('已同步').waitFor();

    // The entity's rows, with the form generated from its definition.
    await row(screen, 'e2e_customer').getByRole('button', { name: '数据' }).click();
    await page.waitForURL(/\/entity\/detail\/\d+$/);
    const data = page.locator('[data-pane^="/entity/detail/"]').filter({ has: page.getByTestId('crud-add') });
    await data.getByTestId('crud-add').click();
    const form = page.locator('[data-testid^="crud-dialog-entity-"] .ant-modal');
    await form.waitFor();
    await form.getByLabel('姓名').fill('Alice');
    await form.getByLabel('年龄').fill('30');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await form.waitFor({ state: 'hidden' });
    await row(data, 'Alice').getByText('30', { exact: true }).waitFor();

    // A row without its required field is refused with the field's own name.
    await data.getByTestId('crud-add').click();
    await form.waitFor();
    await form.getByLabel('年龄').fill('31');
    await form.getByRole('button', { name: '提交' }).click();
    await form.locator('.ant-form-item-explain-error').getByText('姓名必须填写').waitFor();
    await form.getByRole('button', { name: '取消' }).click();
    await form.waitFor({ state: 'hidden' });

    // Import: the valid rows are saved, the refused one is listed with its reason and in the downloadable report.
    const dir = await mkdtemp(join(tmpdir(), 'yuan-e2e-'));
    const sheet = join(dir, 'customers.xlsx');
    await writeFile(
      sheet,
      await workbook([
        ['姓名', 'age'],
        ['Bob', 40],
        ['', 5],
        ['Carol', 50],
      ]),
    );
    await data.getByTestId('entity-import').click();
    const importer = page.locator('[data-testid="entity-import-dialog"] .ant-modal');
    await importer.locator('input[type=file]').setInputFiles(sheet);
    await importer.getByTestId('entity-import-file').getByText('customers.xlsx').waitFor();
    await importer.getByTestId('entity-import-valid-only').click();
    await importer.getByTestId('entity-import-start').click();
    await importer.getByTestId('entity-import-done').getByText('导入完成：保存2行，跳过1行').waitFor();
    await importer.getByTestId('entity-import-refused').getByText('姓名必须填写').waitFor();
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      importer.getByTestId('entity-import-report').click(),
    ]);
    const reportFile = join(dir, 'report.csv');
    await report.saveAs(reportFile);
    expect((await readFile(reportFile, 'utf8')).split('\r\n')[1]).toBe('3,姓名必须填写');
    await importer.getByRole('button', { name: '完成' }).click();
    await row(data, 'Carol').getByText('50', { exact: true }).waitFor();

    // Export: the rows the search bar shows, as a workbook whose header is the fields' names.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      data.getByTestId('entity-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('E2E客户.xlsx');
    const exportFile = join(dir, 'export.xlsx');
    await download.saveAs(exportFile);
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load((await readFile(exportFile)) as unknown as ArrayBuffer);
    const names = exported.worksheets[0]?.getColumn(1).values.slice(1).map(String);
    expect(names?.sort()).toEqual(['Alice', 'Bob', 'Carol', '姓名']);

    // Removing the entity drops its table only once the row count the server names is typed.
    await tab(page, '/entity/index').click();
    await row(screen, 'e2e_customer').getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    const drop = page.locator('.entity-drop .ant-modal');
    await drop.getByText('实体表中有3行数据，确认该行数后才会删除').waitFor();
    await drop.getByLabel('请输入表中的行数以确认删除').fill('3');
    await drop.getByRole('button', { name: '删除' }).click();
    await toast('删除成功').waitFor();
    await row(screen, 'e2e_customer').waitFor({ state: 'detached' });
  });

  it('keeps an element definition whose type and validation a new field takes over', async () => {
    await openMenu(page, '低代码', '元素定义', '/element/index');
    const screen = pane('/element/index');
    await screen.getByTestId('crud-add').click();
    const form = dialog('eleDef');
    await form.waitFor();
    await form.locator('#crud-eleDef_defNo').fill('e2e_price');
    await form.locator('#crud-eleDef_defName').fill('E2E价格');
    await choose(form.locator('.ant-select', { has: page.locator('#crud-eleDef_dataTyp') }), 'decimal');
    await form.locator('#crud-eleDef_verifyJson').fill('{"required": true, "numberBetween": [0, 100]}');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await row(screen, 'e2e_price').getByText('decimal', { exact: true }).waitFor();

    await openMenu(page, '低代码', '实体管理', '/entity/index');
    await pane('/entity/index').getByTestId('entity-add').click();
    const editor = page.locator('.entity-editor .ant-modal');
    await editor.waitFor();
    const first = editor.getByTestId('entity-field-0');
    await choose(first.locator('.ant-select', { has: page.getByLabel('元素定义') }), 'E2E价格 (e2e_price)');
    // The type select shows the definition's type by name (decimal: 小数).
    await first.locator('.ant-select', { has: page.getByLabel('数据类型'), hasText: '小数' }).waitFor();
    await expect.poll(() => first.getByLabel('最大').inputValue()).toBe('100');
    await editor.getByRole('button', { name: '取消' }).click();
  });

  it('shows a hierarchy entity as a tree loaded level by level, and keeps a node that has children', async () => {
    await openMenu(page, '低代码', '实体管理', '/entity/index');
    const screen = pane('/entity/index');
    await defineEntity({
      code: 'e2e_region',
      name: 'E2E区域',
      fields: [
        { code: 'title', name: '名称' },
        { code: 'parent', name: '上级' },
      ],
      treeField: 'parent',
    });
    await answerSyncOffer(true);

    await row(screen, 'e2e_region').getByRole('button', { name: '层级' }).click();
    await page.waitForURL(/\/entity\/tree\/\d+$/);
    const tree = page.locator('[data-pane^="/entity/tree/"]').getByTestId('entity-tree');
    await tree.getByTestId('entity-tree-empty').waitFor();
    const form = page.locator('[data-testid^="crud-dialog-entity-"] .ant-modal');
    await tree.getByTestId('tree-add-root').click();
    await form.getByLabel('名称').fill('Asia');
    await form.getByRole('button', { name: '提交' }).click();
    await form.waitFor({ state: 'hidden' });
    const nodes = tree.getByTestId('entity-tree-nodes');
    await nodes.getByText('Asia', { exact: true }).click();
    await tree.getByTestId('tree-add-child').click();
    await form.getByLabel('名称').fill('China');
    await form.getByRole('button', { name: '提交' }).click();
    await form.waitFor({ state: 'hidden' });
    // The new child is under Asia, shown once Asia is opened: its switcher opens once the tree has read that Asia
    // has children (before, it is a leaf's, which does nothing).
    await nodes
      .locator('.ant-tree-treenode', { hasText: 'Asia' })
      .locator('.ant-tree-switcher_close')
      .click();
    await nodes.getByText('China', { exact: true }).click();

    await nodes.getByText('Asia', { exact: true }).click();
    await tree.getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await toast('请先删除子节点').waitFor();
    await nodes.getByText('Asia', { exact: true }).waitFor();
  });
});
