import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, toast, row, rowAction } = crudLocators(() => page);

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
    // The list has loaded (the administrator may be on a later page once other files added users).
    await screen.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();

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
    // Other files add users: the administrator need not be on the first page any more.
    await screen.locator('#crud-search-user_account').fill('admin');
    await screen.locator('#crud-search-user_account').press('Enter');
    await rowAction(row(screen, 'admin').first(), { testId: 'user-platform' });
    const platform = page.locator('[data-testid="user-platform-dialog"] .ant-modal');
    await platform.locator('#user-platform_userExt').waitFor();
    await platform.locator('#user-platform_userExt').fill('{"theme":"dark"}');
    await platform.locator('#user-platform_userType').click();
    await page.locator('.ant-select-dropdown:visible').getByText('WEB', { exact: true }).click();
    await platform.getByRole('button', { name: '提交' }).click();
    await toast('更新成功').waitFor();
    await platform.waitFor({ state: 'hidden' });
    await rowAction(row(screen, 'admin').first(), { testId: 'user-platform' });
    await expect.poll(() => platform.locator('#user-platform_userExt').inputValue()).toBe('{"theme":"dark"}');
  });
});
