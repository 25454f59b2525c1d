import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIELD_TYPE_NAMES, FIELD_TYPES } from '@yuan/contract/lowcode/form-fields';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAsAdmin, openMenu, tab, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, dialog, toast, row } = crudLocators(() => page);

/** Picks an option of an antd select by its text. */
async function choose(select: Locator, option: string) {
  await select.click();
  await page
    .locator(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
    )
    .click();
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const line of rows) {
    sheet.addRow(line);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface FieldInput {
  code: string;
  name: string;
  type?: string;
  required?: boolean;
}

/** Fills the entity editor, opened from the entities screen, with a code, a name and fields, and submits it. */
async function defineEntity(entity: {
  code: string;
  name: string;
  fields: FieldInput[];
  treeField?: string;
}) {
  await pane('/entity/index').getByTestId('entity-add').click();
  const editor = page.locator('.entity-editor .ant-modal');
  await editor.waitFor();
  await editor.getByLabel('实体编号').fill(entity.code);
  await editor.getByLabel('实体名称').fill(entity.name);
  for (const [index, field] of entity.fields.entries()) {
    if (index > 0) {
      await editor.getByTestId('entity-field-add').click();
    }
    const line = editor.getByTestId(`entity-field-${index}`);
    await line.getByLabel('字段编号').fill(field.code);
    await line.getByLabel('字段名称').fill(field.name);
    if (field.required) {
      await line.getByText('必填').click();
    }
    if (field.type) {
      await choose(line.locator('.ant-select').first(), field.type);
    }
  }
  if (entity.treeField) {
    await choose(editor.locator('.ant-select', { has: page.getByLabel('层级字段') }), entity.treeField);
  }
  await editor.getByRole('button', { name: '提交' }).click();
}

/** Answers the offer to sync a saved entity: sync it now (and wait until it is), or later. */
async function answerSyncOffer(now: boolean) {
  await page
    .locator('.ant-modal-confirm', { hasText: '是否现在同步到数据库' })
    .getByRole('button', { name: now ? '现在同步' : '稍后' })
    .click();
  if (now) {
    await page.locator('.entity-sync .ant-modal').getByRole('button', { name: '执行同步' }).click();
    await toast('同步成功').waitFor();
  }
}

/** Drags with the mouse in small steps, as a hand does: the designer's drag starts after a few pixels. */
async function dragOnto(source: Locator, target: Locator) {
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) {
    throw new Error('drag source or target is not visible');
  }
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  const x = to.x + to.width / 2;
  const y = to.y + Math.min(to.height / 2, 40);
  await page.mouse.move(x, y, { steps: 12 });
  // A last small move over the target: on a busy machine the drop target is only known after a move event there.
  await page.mouse.move(x + 2, y + 1, { steps: 3 });
  await page.mouse.up();
}

/**
 * Drags until the canvas has `count` fields: a drop is handled on release, so a drag that added nothing (the busy
 * machine lost its moves) is simply made again, at most three times.
 */
async function dragUntil(source: Locator, target: Locator, fields: Locator, count: number) {
  for (let attempt = 1; ; attempt++) {
    await dragOnto(source, target);
    try {
      await expect.poll(() => fields.count(), { timeout: 5_000 }).toBe(count);
      return;
    } catch (error) {
      if (attempt === 3 || (await fields.count()) !== count - 1) {
        throw error;
      }
    }
  }
}

/** The row of a designed form or grid in its list, by code. */
function designRow(list: Locator, code: string) {
  return list.locator('.ant-table-row', { has: page.getByRole('cell', { name: code, exact: true }) });
}

/** Adds a designed form or grid from its list (the code and name are all it asks for). */
async function addDesign(list: Locator, kind: 'page' | 'grid', code: string, name: string) {
  await list.getByTestId('crud-add').click();
  const form = page.locator(`[data-testid^="crud-dialog-${kind}-"] .ant-modal`);
  const [codeLabel, nameLabel] = kind === 'page' ? ['表单编号', '表单名称'] : ['表格编号', '表格名称'];
  await form.getByLabel(codeLabel).fill(code);
  await form.getByLabel(nameLabel).fill(name);
  await form.getByRole('button', { name: '提交' }).click();
  await form.waitFor({ state: 'hidden' });
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
    await first.locator('.ant-select', { hasText: 'decimal' }).waitFor();
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
    // The new child is under Asia, shown once Asia is opened.
    await nodes.locator('.ant-tree-treenode', { hasText: 'Asia' }).locator('.ant-tree-switcher').click();
    await nodes.getByText('China', { exact: true }).click();

    await nodes.getByText('Asia', { exact: true }).click();
    await tree.getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await toast('请先删除子节点').waitFor();
    await nodes.getByText('Asia', { exact: true }).waitFor();
  });
});

describe('designed forms and grids of an entity', () => {
  it('adds a form to an entity, copies it and makes the copy the default', async () => {
    await openMenu(page, '低代码', '实体管理', '/entity/index');
    const entities = pane('/entity/index');
    await defineEntity({ code: 'e2e_order', name: 'E2E订单', fields: [{ code: 'title', name: '标题' }] });
    await answerSyncOffer(false);
    await row(entities, 'e2e_order').getByTestId('entity-forms').click();
    await page.waitForURL(/\/page\/\d+$/);
    const forms = page.locator('[data-pane^="/page/"]');
    await forms.getByRole('tab', { name: '表单列表' }).click();
    await forms.getByTestId('design-list-title').getByText('E2E订单 (e2e_order)').waitFor();

    await addDesign(forms, 'page', 'order_form', '订单表单');
    const byCode = (code: string) => designRow(forms, code);
    await byCode('order_form').getByTestId('design-copy').click();
    await toast('复制成功').waitFor();
    const copy = byCode('order_form_copy');
    await copy.waitFor();
    await copy.getByTestId('design-default').click();
    await copy.getByText('默认', { exact: true }).waitFor();
    // The original is no longer offered the default it never had; the copy no longer offers it.
    await expect(copy.getByTestId('design-default').count()).resolves.toBe(0);
    await expect(byCode('order_form').getByTestId('design-default').count()).resolves.toBe(1);
  });

  // Thirty-odd drags, each waiting for the canvas: longer than the suite's usual minute on two busy cores.
  it('designs a form with one field of every type, saves it, reads it back and previews it', {
    timeout: 180_000,
  }, async () => {
    await openMenu(page, '低代码', '实体管理', '/entity/index');
    await row(pane('/entity/index'), 'e2e_order').getByTestId('entity-forms').click();
    await page.waitForURL(/\/page\/\d+$/);
    const forms = page.locator('[data-pane^="/page/"]');
    await forms.getByRole('tab', { name: '表单列表' }).click();
    const byCode = (code: string) => designRow(forms, code);
    await byCode('order_form').getByTestId('design-open').click();
    await page.waitForURL(/\/page\/edit\/\d+$/);
    const designer = page.locator('[data-pane^="/page/edit/"]');
    const fields = designer.locator('[data-testid^="canvas-field-"]');
    // Each dragged from the palette onto the canvas, as a designer does: the first onto the empty form, the others
    // onto that text field (beside it on the form; a group or sub-form may not go inside another), containers last.
    const containers = ['group', 'dynamic'];
    const order = [...FIELD_TYPES.filter((type) => !containers.includes(type)), ...containers];
    const anchor = fields.filter({ hasText: FIELD_TYPE_NAMES.input[0] }).first();
    // Palette and canvas both in view for every drag, however long the form grows.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1400, height: 2600 });
    for (const [index, type] of order.entries()) {
      const target = index === 0 ? designer.getByTestId('canvas-list-__root__') : anchor;
      await dragUntil(designer.getByTestId(`palette-${type}`), target, fields, index + 1);
    }
    if (viewport) {
      await page.setViewportSize(viewport);
    }
    await designer.getByTestId('page-design-save').click();
    await toast('保存成功').waitFor();
    await page.reload();
    await expect.poll(() => fields.count(), { timeout: 30_000 }).toBe(FIELD_TYPES.length);
    await designer.getByTestId('page-design-preview').click();
    const preview = page.locator('.ant-modal', { has: page.locator('form#page-design-preview') });
    for (const type of FIELD_TYPES) {
      await preview.getByText(FIELD_TYPE_NAMES[type][0], { exact: true }).first().waitFor();
    }
  });

  it("fills the entity's default form on /page/{entId} and finds the row on the grid's screen", async () => {
    await openMenu(page, '低代码', '实体管理', '/entity/index');
    const entities = pane('/entity/index');
    await defineEntity({ code: 'e2e_lead', name: 'E2E线索', fields: [{ code: 'title', name: '标题' }] });
    await answerSyncOffer(true);

    // Until a form is the default there is nothing to fill: the list is one tab away.
    await row(entities, 'e2e_lead').getByTestId('entity-forms').click();
    await page.waitForURL(/\/page\/\d+$/);
    const forms = page.locator('[data-pane^="/page/"]');
    await forms.getByTestId('page-fill-none').waitFor();
    await forms.getByRole('tab', { name: '表单列表' }).click();
    await addDesign(forms, 'page', 'lead_form', '线索表单');
    const leadForm = designRow(forms, 'lead_form');
    await leadForm.getByTestId('design-default').click();
    await leadForm.getByText('默认', { exact: true }).waitFor();

    // One text field bound to the entity's title.
    await leadForm.getByTestId('design-open').click();
    await page.waitForURL(/\/page\/edit\/\d+$/);
    const designer = page.locator('[data-pane^="/page/edit/"]');
    await dragOnto(designer.getByTestId('palette-input'), designer.getByTestId('canvas-list-__root__'));
    await designer.locator('[data-testid^="canvas-field-"]').first().click();
    await choose(designer.locator('.ant-select', { has: page.getByLabel('entityField') }), '标题 (title)');
    await designer.getByTestId('page-design-save').click();
    await toast('保存成功').waitFor();

    await openMenu(page, '低代码', '实体管理', '/entity/index');
    await row(entities, 'e2e_lead').getByTestId('entity-forms').click();
    await page.waitForURL(/\/page\/\d+$/);
    await forms.getByRole('tab', { name: '填写' }).click();
    const fill = forms.getByTestId('page-fill');
    await fill.locator('#page-fill_title').fill('Lead from the form');
    await fill.getByRole('button', { name: '提交' }).click();
    await toast('提交成功').waitFor();

    // A grid of the entity shows the row.
    await openMenu(page, '低代码', '实体管理', '/entity/index');
    await row(entities, 'e2e_lead').getByTestId('entity-grids').click();
    await page.waitForURL(/\/grid\/\d+$/);
    const grids = page.locator('[data-pane^="/grid/"]');
    await addDesign(grids, 'grid', 'lead_grid', '线索表格');
    const leadGrid = designRow(grids, 'lead_grid');
    // The grid designer starts from the entity's fields and previews the rows it will show.
    await leadGrid.getByTestId('design-open').click();
    await page.waitForURL(/\/grid\/edit\/\d+$/);
    const gridDesigner = page.locator('[data-pane^="/grid/edit/"]');
    await gridDesigner.getByTestId('grid-column-title').getByLabel('标题 宽度').fill('240');
    // The change is the designer's before it is saved; saved, it is no longer marked.
    const unsaved = gridDesigner.getByTestId('grid-design-unsaved');
    await unsaved.waitFor();
    await gridDesigner.getByTestId('grid-design-save').click();
    await unsaved.waitFor({ state: 'hidden' });
    await gridDesigner
      .getByTestId('grid-preview')
      .getByRole('cell', { name: 'Lead from the form', exact: true })
      .waitFor();
    await gridDesigner.getByTestId('grid-design-back').click();
    await page.waitForURL(/\/grid\/\d+$/);
    await leadGrid.getByTestId('design-data').click();
    await page.waitForURL(/\/grid\/detail\/\d+$/);
    const data = page.locator('[data-pane^="/grid/detail/"]');
    await data.getByTestId('grid-data-title').getByText('线索表格').waitFor();
    await data.getByRole('cell', { name: 'Lead from the form', exact: true }).waitFor();
  });
});
