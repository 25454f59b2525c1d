import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from './support/api.ts';
import {
  browserOf,
  gotoLogin,
  loginAsAdmin,
  openMenu,
  openPage,
  submitLogin,
  usePage,
  waitForLanding,
} from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, dialog, toast, row, rowAction, submitEmpty } = crudLocators(() => page);

describe('parameters', () => {
  it('creates and edits a param through the dialog, with the validation messages', async () => {
    await openMenu(page, '系统管理', '参数管理', '/system/param/index');
    const screen = pane('/system/param/index');
    await screen.getByTestId('crud-add').click();
    const form = dialog('param');
    await form.waitFor();

    // SPEC §5: checked when a field loses focus.
    await form.locator('#crud-param_paramName').focus();
    await form.locator('#crud-param_paramKey').focus();
    await form.getByText('请输入参数名称').waitFor();
    await form.locator('#crud-param_paramValue').focus();
    await form.getByText('请输入参数键名').waitFor();
    await form.locator('#crud-param_remark').focus();
    await form.getByText('请输入参数键值').waitFor();

    await form.locator('#crud-param_paramName').fill('E2E 参数');
    await form.locator('#crud-param_paramKey').fill('e2e.param');
    await form.locator('#crud-param_paramValue').fill('one');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await form.waitFor({ state: 'hidden' });
    await row(screen, 'e2e.param').getByText('one', { exact: true }).waitFor();

    await row(screen, 'e2e.param').getByRole('button', { name: '编辑' }).click();
    await form.waitFor();
    await expect.poll(() => form.locator('#crud-param_paramValue').inputValue()).toBe('one');
    await form.locator('#crud-param_paramValue').fill('');
    await form.locator('#crud-param_remark').focus();
    await form.getByText('请输入参数键值').waitFor();
    await form.locator('#crud-param_paramValue').fill('two');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('更新成功').waitFor();
    await row(screen, 'e2e.param').getByText('two', { exact: true }).waitFor();

    // Search by name (Enter submits) and the server's own refusal of a duplicate key.
    await screen.locator('#crud-search-param_paramName').fill('不存在');
    await screen.locator('#crud-search-param_paramName').press('Enter');
    await screen.locator('.ant-empty').waitFor();
    await screen.getByRole('button', { name: '清空' }).click();
    await row(screen, 'e2e.param').waitFor();
    await screen.getByTestId('crud-add').click();
    await form.locator('#crud-param_paramName').fill('again');
    await form.locator('#crud-param_paramKey').fill('e2e.param');
    await form.locator('#crud-param_paramValue').fill('x');
    await form.getByRole('button', { name: '提交' }).click();
    await form.locator('.ant-alert').getByText('已存在').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
  });
});

describe('tenant packages', () => {
  it('adds with a menu tree, edits and deletes with the warning and the confirmation', async () => {
    await openMenu(page, '系统管理', '租户产品包', '/system/tenantpackage/index');
    const screen = pane('/system/tenantpackage/index');
    await screen.getByTestId('crud-add').waitFor();
    // The view button is off on this screen; the dialog is 600 wide.
    await screen.getByTestId('crud-add').click();
    const form = dialog('tenantPackage');
    await form.waitFor();
    expect(await form.evaluate((node) => (node as HTMLElement).style.width)).toBe('600px');
    await form.getByRole('button', { name: '提交' }).click();
    await form.getByText('请输入产品包名称').waitFor();
    await form.getByText('请选择菜单').waitFor();

    await form.locator('#crud-tenantPackage_packageName').fill('E2E 产品包');
    await form.locator('.ant-tree-treenode', { hasText: '欢迎页' }).locator('.ant-tree-checkbox').click();
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    const added = row(screen, 'E2E 产品包');
    // Each menu's name whole, in a tag of its own.
    await added.locator('.ant-tag').getByText('首页', { exact: true }).waitFor();
    await added.locator('.ant-tag').getByText('欢迎页', { exact: true }).waitFor();
    expect(await added.getByRole('button', { name: '查看' }).count()).toBe(0);

    await added.getByRole('button', { name: '编辑' }).click();
    await form.waitFor();
    await expect.poll(() => form.locator('#crud-tenantPackage_packageName').inputValue()).toBe('E2E 产品包');
    await form.locator('#crud-tenantPackage_packageName').fill('E2E 产品包二');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('更新成功').waitFor();
    await row(screen, 'E2E 产品包二').waitFor();

    await screen.getByTestId('crud-batch-delete').click();
    await toast('请选择至少一条数据').waitFor();
    await row(screen, 'E2E 产品包二').locator('.ant-checkbox-input').check();
    await screen.getByTestId('crud-batch-delete').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定将选择数据删除?').waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await toast('删除成功').waitFor();
    await row(screen, 'E2E 产品包二').waitFor({ state: 'detached' });
  });
});

describe('role grants', () => {
  it('grants a menu to a role made on the screen and shows it to a user of that role', async () => {
    await openMenu(page, '权限管理', '角色管理', '/authority/role/index');
    const screen = pane('/authority/role/index');
    await screen.getByTestId('crud-add').click();
    const form = dialog('role');
    await form.waitFor();
    await form.locator('#crud-role_roleName').fill('E2E 角色');
    await form.locator('#crud-role_roleAlias').fill('e2e-role');
    await form.locator('#crud-role_sort').fill('9');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();

    await rowAction(row(screen, 'e2e-role'), { testId: 'role-grant' });
    const grant = page.locator('[data-testid="grant-dialog"] .ant-modal');
    await grant.locator('.ant-tree-treenode', { hasText: '参数管理' }).first().waitFor();
    await grant
      .locator('.ant-tree-treenode', { has: page.getByText('参数管理', { exact: true }) })
      .first()
      .locator('.ant-tree-checkbox')
      .click();
    await grant.getByRole('button', { name: '提交' }).click();
    await toast('操作成功!').waitFor();

    // A user of the role (made through the API), then the sidebar of that user.
    await createUser(
      { account: 'e2e-user', name: 'E2E', realName: 'E2E 用户', password: 'E2e@User123' },
      'e2e-role',
    );

    const other = await openPage(browserOf(page));
    try {
      await gotoLogin(other.page);
      await submitLogin(other.page, 'e2e-user', 'E2e@User123');
      await waitForLanding(other.page);
      const titles = other.page.locator('.app-sider .ant-menu-title-content');
      await titles.getByText('系统管理', { exact: true }).click();
      await titles.getByText('参数管理', { exact: true }).waitFor();
      expect(await titles.getByText('用户管理', { exact: true }).count()).toBe(0);
    } finally {
      await other.context.close();
    }
  });
});

describe('dictionaries', () => {
  it('adds a dictionary and its items in the 880 wide dialog (vertical layout)', async () => {
    await openMenu(page, '系统管理', '字典管理(纵向)', '/dict-vertical/index');
    const screen = pane('/dict-vertical/index');
    const form = await submitEmpty(screen, 'dict-roots-system', [
      '请输入字典编号',
      '请输入字典名称',
      '请输入字典键值',
      '请输入字典排序',
      '请选择封存',
    ]);
    await form.locator('#crud-dict-roots-system_code').fill('e2e_color');
    await form.locator('#crud-dict-roots-system_dictValue').fill('颜色');
    await form.locator('#crud-dict-roots-system_dictKey').fill('-1');
    await form.locator('#crud-dict-roots-system_sort').fill('1');
    await form.locator('#crud-dict-roots-system_isSealed').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '否' }).click();
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();

    await rowAction(row(screen, 'e2e_color'), { testId: 'dict-config' });
    const items = page.locator('[data-testid="dict-items-dialog"] .ant-modal');
    await items.waitFor();
    expect(await items.evaluate((node) => (node as HTMLElement).style.width)).toBe('880px');
    await items.getByTestId('crud-add').click();
    const item = dialog('dict-items-system');
    await item.waitFor();
    // The code of the dictionary is filled in for its items.
    expect(await item.locator('#crud-dict-items-system_code').inputValue()).toBe('e2e_color');
    await item.locator('#crud-dict-items-system_dictValue').fill('红');
    await item.locator('#crud-dict-items-system_dictKey').fill('red');
    await item.locator('#crud-dict-items-system_sort').fill('1');
    await item.locator('#crud-dict-items-system_isSealed').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '否' }).click();
    await item.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await row(items, 'red').waitFor();
    // Esc closes the dialog that has the focus; the root list shows roots only.
    await items.locator('.ant-modal-title').click();
    await page.keyboard.press('Escape');
    await items.waitFor({ state: 'hidden' });
    expect(await row(screen, 'red').count()).toBe(0);
  });
});

describe('English', () => {
  it('shows the CRUD screen and its messages in English', async () => {
    await page.evaluate(() => localStorage.setItem('yuan-language', 'en'));
    await page.reload();
    await page.locator('[data-testid=welcome-title]').waitFor();
    await page.goto(`${new URL(page.url()).origin}/system/param/index`);
    const screen = pane('/system/param/index');
    await screen.getByTestId('crud-add').click();
    const form = dialog('param');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Please enter the parameter name').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await screen.getByTestId('crud-batch-delete').click();
    await toast('Please select at least one row').waitFor();
  });
});

/** Picks an option of the (tree-)select whose input has this id. */
