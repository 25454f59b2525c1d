import { FIELD_TYPE_NAMES, FIELD_TYPES } from '@yuan/contract/lowcode/form-fields';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';
import { lowcodeSteps } from './support/lowcode.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, toast, row, rowAction } = crudLocators(() => page);
const { choose, defineEntity, answerSyncOffer } = lowcodeSteps(() => page);

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
    await rowAction(byCode('order_form'), { testId: 'design-copy' });
    await toast('复制成功').waitFor();
    const copy = byCode('order_form_copy');
    await copy.waitFor();
    await rowAction(copy, { testId: 'design-default' });
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
    await rowAction(byCode('order_form'), { testId: 'design-open' });
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
    // None of these widgets is bound to the entity's field: the designer names them and saves once confirmed.
    const unbound = page.locator('.ant-modal', { hasText: '有字段未绑定实体字段' });
    await unbound.getByRole('button', { name: '保存', exact: true }).click();
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
    await rowAction(leadForm, { testId: 'design-default' });
    await leadForm.getByText('默认', { exact: true }).waitFor();

    // One text field bound to the entity's title.
    await rowAction(leadForm, { testId: 'design-open' });
    await page.waitForURL(/\/page\/edit\/\d+$/);
    const designer = page.locator('[data-pane^="/page/edit/"]');
    await dragOnto(designer.getByTestId('palette-input'), designer.getByTestId('canvas-list-__root__'));
    await designer.locator('[data-testid^="canvas-field-"]').first().click();
    await choose(designer.locator('.ant-select', { has: page.getByLabel('entityField') }), '标题 (title)');
    // Bound, the entity's field is no longer offered in the palette.
    await expect.poll(() => designer.getByTestId('palette-element-title').isDisabled()).toBe(true);
    await designer.getByTestId('page-design-save').click();
    await toast('保存成功').waitFor();
    await designer.getByTestId('page-design-back').click();
    await page.waitForURL(/\/page\/\d+$/);

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
    await rowAction(leadGrid, { testId: 'design-open' });
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
    await rowAction(leadGrid, { testId: 'design-data' });
    await page.waitForURL(/\/grid\/detail\/\d+$/);
    const data = page.locator('[data-pane^="/grid/detail/"]');
    await data.getByTestId('grid-data-title').getByText('线索表格').waitFor();
    await data.getByRole('cell', { name: 'Lead from the form', exact: true }).waitFor();
  });
});
