import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, dialog, toast, row } = crudLocators(() => page);
const USERS = '/system/user/index';

/** Edits a user's real name through the edit dialog and waits for the table to show it. */
async function renameThroughDialog(screen: Locator, account: string, realName: string): Promise<void> {
  const form = dialog('user');
  await row(screen, account).getByRole('button', { name: '编辑' }).click();
  await form.waitFor();
  const input = form.locator('#crud-user_realName');
  // The form mounts once the row's detail has arrived.
  await expect.poll(() => input.inputValue()).not.toBe('');
  await input.fill(realName);
  await form.getByRole('button', { name: '提交' }).click();
  await form.waitFor({ state: 'hidden' });
  await row(screen, account).getByText(realName, { exact: true }).waitFor();
}

/** The diff row of a field in one revision: its label, value before and value after. */
function change(revision: Locator, label: string): Locator {
  return revision.locator('tbody tr', { has: page.getByText(label, { exact: true }) });
}

describe("a row's history", () => {
  it('shows two edits of a user and restores the first as a third change', async () => {
    const account = `e2e-rev-${Date.now().toString(36)}`;
    await createUser(
      { account, password: 'E2e@Rev123456', name: 'Rev', realName: '历史用户' },
      'administrator',
    );
    await openMenu(page, '系统管理', '用户管理', USERS);
    const screen = pane(USERS);
    await screen.locator('#crud-search-user_account').fill(account);
    await screen.locator('#crud-search-user_account').press('Enter');
    await row(screen, account).getByText('历史用户', { exact: true }).waitFor();

    await renameThroughDialog(screen, account, '第一次修改');
    await renameThroughDialog(screen, account, '第二次修改');

    // The history opens from the row's dialog, which closes.
    await row(screen, account).getByRole('button', { name: '查看' }).click();
    await dialog('user').getByTestId('crud-history').click();
    await dialog('user').waitFor({ state: 'hidden' });
    const drawer = page.getByTestId('history-drawer');
    const revisions = drawer.getByTestId('revision');
    await page.locator('.ant-drawer-title').getByText(`历史 · ${account}`, { exact: true }).waitFor();
    await expect.poll(() => revisions.count()).toBe(3);
    const [second, first, created] = [revisions.nth(0), revisions.nth(1), revisions.nth(2)];
    await second.getByText('修改', { exact: true }).waitFor();
    await change(second, '用户姓名').getByText('第二次修改', { exact: true }).waitFor();
    expect(await change(second, '用户姓名').locator('td').allTextContents()).toEqual([
      '用户姓名',
      '第一次修改',
      '第二次修改',
    ]);
    expect(await change(first, '用户姓名').locator('td').allTextContents()).toEqual([
      '用户姓名',
      '历史用户',
      '第一次修改',
    ]);
    await created.getByText('新增', { exact: true }).waitFor();
    // The newest state is the row as it is now: nothing to restore.
    expect(await second.getByTestId('revision-restore').count()).toBe(0);

    await first.getByTestId('revision-restore').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定将该行恢复到此版本吗？', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await toast('恢复成功').waitFor();

    // The restore is a change of its own, newest in the drawer; the table shows the first edit's name again.
    await expect.poll(() => revisions.count()).toBe(4);
    const restored = revisions.nth(0);
    await change(restored, '用户姓名').getByText('第一次修改', { exact: true }).waitFor();
    expect(await change(restored, '用户姓名').locator('td').allTextContents()).toEqual([
      '用户姓名',
      '第二次修改',
      '第一次修改',
    ]);
    expect(await restored.getByTestId('revision-restore').count()).toBe(0);
    await row(screen, account).getByText('第一次修改', { exact: true }).waitFor();
  });
});
