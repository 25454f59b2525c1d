import type { Page } from 'playwright-core';
import { beforeEach, describe, it } from 'vitest';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, toast, row } = crudLocators(() => page);

/** Picks an option of the open antd select. */
async function choose(select: ReturnType<Page['locator']>, option: string) {
  await select.click();
  await page
    .locator(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
    )
    .click();
}

describe('low-code entities', () => {
  it('defines an entity, syncs it to a table, adds a row through the generated form and finds it', async () => {
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
    await choose(second.locator('.ant-select'), 'int');
    await editor.getByRole('button', { name: '提交' }).click();

    // Saving offers the sync; the preview names the table it creates.
    const offer = page.locator('.ant-modal-confirm', { hasText: '是否现在同步到数据库' });
    await offer.getByRole('button', { name: '确定' }).click();
    const sync = page.locator('.ant-modal', { hasText: '同步到数据库：E2E客户' });
    await sync
      .getByTestId('sync-steps')
      .getByText(/创建表 yuan_ent_\d+（2个字段）/)
      .waitFor();
    await sync.getByRole('button', { name: '执行同步' }).click();
    await toast('同步成功').waitFor();
    await row(screen, 'e2e_customer').getByText('已同步').waitFor();

    await row(screen, 'e2e_customer').getByRole('button', { name: '数据' }).click();
    await page.waitForURL(/\/entity\/detail\/\d+$/);
    const data = page.locator('[data-pane^="/entity/detail/"]').filter({ has: page.getByTestId('crud-add') });
    await data.getByTestId('crud-add').click();
    const form = page.locator('[data-testid^="crud-dialog-entity-"] .ant-modal');
    await form.waitFor();
    await form.getByRole('button', { name: '提交' }).click();
    await form.locator('.ant-form-item-explain-error').getByText('姓名必须填写').waitFor();
    await form.getByLabel('姓名').fill('Alice');
    await form.getByLabel('年龄').fill('30');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await row(data, 'Alice').getByText('30', { exact: true }).waitFor();
  });
});
