import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, dialog, toast, row, rowAction, submitEmpty } = crudLocators(() => page);

async function choose(form: Locator, id: string, option: string): Promise<void> {
  await form.locator(`#${id}`).click();
  const dropdown = page.locator('.ant-select-dropdown:visible, .ant-tree-select-dropdown:visible').last();
  await dropdown.getByText(option, { exact: true }).first().click();
  // A single select closes on its own; Escape then would close the dialog instead of a multiple select's list.
  try {
    await dropdown.waitFor({ state: 'hidden', timeout: 1_000 });
  } catch {
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
  }
}

describe('users', () => {
  it('adds a user with roles, department and post, and filters by the department tree', async () => {
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    const screen = pane('/system/user/index');
    const form = await submitEmpty(screen, 'user', [
      '请输入登录账号',
      '密码必须填写',
      '确认密码必须填写',
      '请选择所属角色',
      '请选择所属部门',
      '请选择所属岗位',
    ]);
    await form.locator('#crud-user_account').fill('e2e-screen-user');
    await form.locator('#crud-user_name').fill('屏幕');
    await form.locator('#crud-user_realName').fill('屏幕用户');
    await form.locator('#crud-user_password').fill('E2e@Screen123');
    // The confirmation must match before anything is sent.
    await form.locator('#crud-user_password2').fill('E2e@Screen124');
    await form.locator('#crud-user_password2').blur();
    await form.getByText('两次密码输入不一致', { exact: true }).waitFor();
    await form.locator('#crud-user_password2').fill('E2e@Screen123');
    await choose(form, 'crud-user_roleId', '游客');
    await choose(form, 'crud-user_deptId', '总部');
    await choose(form, 'crud-user_postId', '首席执行官');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    const added = row(screen, 'e2e-screen-user');
    await added.getByText('游客').waitFor();

    // Choosing the department in the tree beside the table filters by deptId.
    await screen.getByTestId('user-dept-tree').getByText('总部', { exact: true }).click();
    await added.waitFor();
  });
});

describe('tenants', () => {
  it('shows the initial password once and sets quota and expiry of the selected tenants', async () => {
    await openMenu(page, '系统管理', '租户管理', '/system/tenant/index');
    const screen = pane('/system/tenant/index');
    await screen.getByTestId('crud-add').click();
    const form = dialog('tenant');
    await form.locator('#crud-tenant_tenantName').fill('E2E 租户');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    const info = page.getByTestId('tenant-initial-password');
    await info.waitFor();
    expect(await info.textContent()).toMatch(/初始密码为：\S{8,}/);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();

    await screen.getByTestId('tenant-setting').click();
    await toast('请选择至少一条数据').waitFor();
    await row(screen, 'E2E 租户').locator('.ant-checkbox-input').check();
    await screen.getByTestId('tenant-setting').click();
    const setting = page.locator('.ant-modal', { hasText: '授权配置' });
    await setting.locator('#tenant-setting_accountNumber').fill('5');
    await setting.getByRole('button', { name: '提交' }).click();
    await toast('操作成功!').waitFor();
    await row(screen, 'E2E 租户').getByText('5', { exact: true }).waitFor();
  });
});

describe('departments', () => {
  it('adds a child through the parent tree-select and shows it when the parent row expands', async () => {
    await openMenu(page, '系统管理', '部门管理', '/system/dept/index');
    const screen = pane('/system/dept/index');
    await screen.getByTestId('crud-add').click();
    const form = dialog('dept');
    await form.waitFor();
    await choose(form, 'crud-dept_parentId', '总部');
    await form.locator('#crud-dept_deptName').fill('E2E 部门');
    await form.locator('#crud-dept_fullName').fill('E2E 部门全称');
    await choose(form, 'crud-dept_deptCategory', '部门');
    await form.locator('#crud-dept_sort').fill('3');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    // Roots only until the parent row is expanded (children come from lazy-list).
    expect(await row(screen, 'E2E 部门全称').count()).toBe(0);
    await row(screen, '总部').first().locator('.ant-table-row-expand-icon').click();
    await row(screen, 'E2E 部门全称').waitFor();
  });
});

describe('top menus', () => {
  it('grants menus to a top menu from its dialog', async () => {
    await openMenu(page, '系统管理', '顶部菜单', '/system/topmenu/index');
    const screen = pane('/system/topmenu/index');
    const first = screen.locator('.ant-table-tbody tr.ant-table-row').first();
    await rowAction(first, { testId: 'topmenu-grant' });
    const grant = page.locator('[data-testid="grant-dialog"] .ant-modal');
    const node = grant
      .locator('.ant-tree-treenode', { has: page.getByText('参数管理', { exact: true }) })
      .first();
    await node.waitFor();
    const checked = async () => (await node.locator('.ant-tree-checkbox-checked').count()) > 0;
    const before = await checked();
    await node.locator('.ant-tree-checkbox').click();
    await grant.getByRole('button', { name: '提交' }).click();
    await toast('操作成功!').waitFor();

    // Opened again, the dialog shows the stored keys.
    await rowAction(first, { testId: 'topmenu-grant' });
    await node.waitFor();
    await expect.poll(checked).toBe(!before);
  });
});

describe('regions', () => {
  it('expands the lazy tree and adds a district under a city', async () => {
    await openMenu(page, '系统管理', '行政区划', '/system/region/index');
    const screen = pane('/system/region/index');
    const tree = screen.getByTestId('region-tree');
    const province = tree.locator('.ant-tree-treenode', { has: page.getByText('河北省', { exact: true }) });
    // Cities are loaded when their province opens.
    expect(await tree.getByText('石家庄市', { exact: true }).count()).toBe(0);
    await province.locator('.ant-tree-switcher').click();
    await tree.getByText('石家庄市', { exact: true }).waitFor();

    // Choosing the city lists (and adds) the regions under it.
    await tree.getByText('石家庄市', { exact: true }).click();
    await screen.getByTestId('region-children').getByText('石家庄市 的下级区划').waitFor();
    await screen.getByTestId('crud-add').click();
    const form = dialog('region');
    await form.waitFor();
    await form.locator('#crud-region_code').focus();
    await form.locator('#crud-region_name').focus();
    await form.getByText('请输入区划编号').waitFor();
    await form.locator('#crud-region_code').fill('130199');
    await form.locator('#crud-region_name').fill('E2E 新区');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await form.waitFor({ state: 'hidden' });
    await row(screen, '130199').getByText('E2E 新区').waitFor();
    expect(await row(screen, '130199').getByText('区县').count()).toBe(1);
    // The city opens in the tree with its new district.
    await tree.getByText('E2E 新区', { exact: true }).waitFor();

    // Deleting asks first, then the district leaves the table and the tree.
    await rowAction(row(screen, '130199'), { name: '删除' });
    await page.locator('.ant-modal-confirm').getByText('确定将选择数据删除?').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await toast('删除成功').waitFor();
    await row(screen, '130199').waitFor({ state: 'detached' });
    await tree.getByText('E2E 新区', { exact: true }).waitFor({ state: 'detached' });
  });
});
