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

describe('low-code entities', () => {
  it('defines an entity, syncs it to a table, adds a row through the generated form, then removes it all', async () => {
    await openMenu(page, '低代码', '实体管理', '/entity/index');
    const screen = pane('/entity/index');
    await screen.getByTestId('entity-add').click();
    const editor = page.locator('.entity-editor .ant-modal');
    await editor.waitFor();
    await editor.getByLabel('实体编号').fill('e2e_customer');
    await editor.getByLabel('实体名称').fill('E2E客户');
    const first = editor.getByTestId('entity-field-0');
    await first.getByLabel('字段编号').fill('name');
    await first.getByLabel('字段名称').fill('姓名');
    await first.getByText('必填').click();
    await editor.getByTestId('entity-field-add').click();
    const second = editor.getByTestId('entity-field-1');
    await second.getByLabel('字段编号').fill('age');
    await second.getByLabel('字段名称').fill('年龄');
    await choose(second.locator('.ant-select').first(), 'int');
    await editor.getByRole('button', { name: '提交' }).click();

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

    // Removing the entity drops its table only once the row count the server names is typed.
    await tab(page, '/entity/index').click();
    await row(screen, 'e2e_customer').getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    const drop = page.locator('.entity-drop .ant-modal');
    await drop.getByText('实体表中有1行数据，确认该行数后才会删除').waitFor();
    await drop.getByLabel('请输入表中的行数以确认删除').fill('1');
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
});
