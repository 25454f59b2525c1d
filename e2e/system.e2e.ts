import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import {
  gotoLogin,
  launchBrowser,
  loginAsAdmin,
  openMenu,
  openPage,
  screenshotOnFailure,
  submitLogin,
} from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser));
  await loginAsAdmin(page);
});
afterEach(async (test) => {
  await screenshotOnFailure(page, test);
  await context?.close();
});

const { pane, dialog, toast, row } = crudLocators(() => page);

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
    await added.getByText('首页, 欢迎页').waitFor();
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

    await row(screen, 'e2e-role').getByTestId('role-grant').click();
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
    const admin = await apiLogin('admin', inject('adminPassword'));
    const roles = await admin.get<{ records: { id: string }[] }>('/api/yuan-system/role/list', {
      roleAlias: 'e2e-role',
    });
    const depts = await admin.get<{ id: string }[]>('/api/yuan-system/dept/tree');
    const posts = await admin.get<{ records: { id: string }[] }>('/api/yuan-system/post/list');
    await admin.post('/api/yuan-user/submit', {
      account: 'e2e-user',
      name: 'E2E',
      realName: 'E2E 用户',
      password: 'E2e@User123',
      roleId: roles.records[0]?.id,
      deptId: depts[0]?.id,
      postId: posts.records[0]?.id,
    });

    const other = await openPage(browser);
    try {
      await gotoLogin(other.page);
      await submitLogin(other.page, 'e2e-user', 'E2e@User123');
      await other.page.waitForURL('**/wel/index');
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
    await screen.getByTestId('crud-add').click();
    const form = dialog('dict-roots-system');
    await form.waitFor();
    await form.getByRole('button', { name: '提交' }).click();
    for (const text of [
      '请输入字典编号',
      '请输入字典名称',
      '请输入字典键值',
      '请输入字典排序',
      '请选择封存',
    ]) {
      await form.locator('.ant-form-item-explain-error').getByText(text, { exact: true }).waitFor();
    }
    await form.locator('#crud-dict-roots-system_code').fill('e2e_color');
    await form.locator('#crud-dict-roots-system_dictValue').fill('颜色');
    await form.locator('#crud-dict-roots-system_dictKey').fill('-1');
    await form.locator('#crud-dict-roots-system_sort').fill('1');
    await form.locator('#crud-dict-roots-system_isSealed').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '否' }).click();
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();

    await row(screen, 'e2e_color').getByTestId('dict-config').click();
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
    await screen.getByTestId('crud-add').click();
    const form = dialog('user');
    await form.waitFor();
    await form.getByRole('button', { name: '提交' }).click();
    for (const text of [
      '请输入登录账号',
      '密码必须填写',
      '请选择所属角色',
      '请选择所属部门',
      '请选择所属岗位',
    ]) {
      await form.locator('.ant-form-item-explain-error').getByText(text, { exact: true }).waitFor();
    }
    await form.locator('#crud-user_account').fill('e2e-screen-user');
    await form.locator('#crud-user_name').fill('屏幕');
    await form.locator('#crud-user_realName').fill('屏幕用户');
    await form.locator('#crud-user_password').fill('E2e@Screen123');
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
    await first.getByTestId('topmenu-grant').click();
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
    await first.getByTestId('topmenu-grant').click();
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
    await row(screen, '130199').getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-modal-confirm').getByText('确定将选择数据删除?').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await toast('删除成功').waitFor();
    await row(screen, '130199').waitFor({ state: 'detached' });
    await tree.getByText('E2E 新区', { exact: true }).waitFor({ state: 'detached' });
  });
});

async function usersWorkbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户');
  sheet.addRow([
    '登录账号',
    '用户昵称',
    '用户姓名',
    '电子邮箱',
    '手机号码',
    '角色别名',
    '部门名称',
    '岗位编号',
  ]);
  for (const line of rows) {
    sheet.addRow(line);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('user Excel', () => {
  it('exports the users as .xlsx and imports a sheet of new users', async () => {
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    const screen = pane('/system/user/index');
    await row(screen, 'admin').first().waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      screen.getByTestId('user-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const dir = await mkdtemp(join(tmpdir(), 'yuan-e2e-'));
    const saved = join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load((await readFile(saved)) as unknown as ArrayBuffer);
    const accounts = exported.worksheets[0]?.getColumn(1).values.map(String) ?? [];
    expect(accounts).toContain('admin');

    // A file that is not .xlsx is refused before any upload.
    await screen.getByTestId('user-import').click();
    const importer = page.locator('[data-testid="user-import-dialog"] .ant-modal');
    await importer.waitFor();
    const input = importer.locator('input[type=file]');
    const text = join(dir, 'users.csv');
    await writeFile(text, 'account\n');
    await input.setInputFiles(text);
    await importer.getByText('仅支持 .xlsx 文件', { exact: true }).waitFor();

    const sheet = join(dir, 'users.xlsx');
    await writeFile(
      sheet,
      await usersWorkbook([
        ['e2e-import-a', '导入甲', '导入用户甲', '', '', '', '', ''],
        ['e2e-import-b', '导入乙', '导入用户乙', '', '', '', '', ''],
      ]),
    );
    await input.setInputFiles(sheet);
    await importer.getByTestId('user-import-file').getByText('users.xlsx').waitFor();
    await importer.getByRole('button', { name: '提交' }).click();
    await toast('导入成功，共保存 2 个用户').waitFor();
    await importer.waitFor({ state: 'hidden' });
    await row(screen, 'e2e-import-a').waitFor();
    await row(screen, 'e2e-import-b').waitFor();

    // The same accounts again without overwriting: the server names the row.
    await screen.getByTestId('user-import').click();
    await importer.waitFor();
    await importer.locator('input[type=file]').setInputFiles(sheet);
    await importer.getByRole('button', { name: '提交' }).click();
    await importer.getByText('第2行数据有误: account: e2e-import-a').waitFor();
    await importer.getByTestId('user-import-covered').click();
    await importer.getByRole('button', { name: '提交' }).click();
    await toast('导入成功，共保存 2 个用户').waitFor();
  });

  it('saves the platform settings of a user', async () => {
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    const screen = pane('/system/user/index');
    await row(screen, 'admin').first().getByTestId('user-platform').click();
    const platform = page.locator('[data-testid="user-platform-dialog"] .ant-modal');
    await platform.locator('#user-platform_userExt').waitFor();
    await platform.locator('#user-platform_userExt').fill('{"theme":"dark"}');
    await platform.locator('#user-platform_userType').click();
    await page.locator('.ant-select-dropdown:visible').getByText('WEB', { exact: true }).click();
    await platform.getByRole('button', { name: '提交' }).click();
    await toast('更新成功').waitFor();
    await platform.waitFor({ state: 'hidden' });
    await row(screen, 'admin').first().getByTestId('user-platform').click();
    await expect.poll(() => platform.locator('#user-platform_userExt').inputValue()).toBe('{"theme":"dark"}');
  });
});
