import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';
import { unique } from './support/flowService.ts';

const CODE = '/tool/code/index';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, row, rowAction, toast } = crudLocators(() => page);

describe('the code generator', () => {
  it("adds a record of the app's own table, copies it and downloads its generated code", async () => {
    await openMenu(page, '研发工具', '代码生成', CODE);
    const screen = pane(CODE);
    await screen.getByTestId('code-add').click();
    const dialog = page.locator('[data-testid="code-dialog"] .ant-modal');
    await dialog.waitFor();
    const name = unique('e2e模块');
    await dialog.getByLabel('模块名').fill(name);
    // Without a datasource the table is one of the app's own, typed.
    await dialog.getByLabel('表名').fill('yuan_param');
    await dialog.getByLabel('资源名').fill('e2eParam');
    await dialog.getByLabel('接口路径').fill('/e2e/param');
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await rowAction(row(screen, name), { testId: 'code-copy' });
    await toast('复制成功').waitFor();
    await row(screen, `${name}_copy`).waitFor();

    await row(screen, `${name}_copy`).locator('.ant-checkbox-input').check();
    const [zip] = await Promise.all([page.waitForEvent('download'), screen.getByTestId('code-gen').click()]);
    expect(zip.suggestedFilename()).toBe('yuan-code.zip');
  });
});
