import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { baseUrl, loginAsAdmin, openMenu, usePage } from './support/browser.ts';

const page = usePage();

/** A minimal file that is a PNG by content (signature and IHDR start), as the server sniffs it. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);

function pane(path: string): Locator {
  return page().locator(`[data-pane="${path}"]`);
}

function row(screen: Locator, text: string): Locator {
  return screen.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
}

function toast(text: string): Locator {
  return page().locator('.ant-message').getByText(text);
}

describe('attachments', () => {
  it('uploads a PNG with its link in the table and shows why a disguised file is refused', async () => {
    await loginAsAdmin(page());
    await openMenu(page(), '资源管理', '附件管理', '/resource/attach/index');
    const screen = pane('/resource/attach/index');
    await screen.getByTestId('attach-upload').click();
    const dialog = page().locator('[data-testid="attach-upload-dialog"] .ant-modal');
    await dialog.waitFor();

    const name = `e2e-${Date.now()}.png`;
    await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
    const done = dialog.locator('[data-testid="attach-upload-item"][data-state="done"]', { hasText: name });
    await done.waitFor();
    const link = await done.getByRole('link').getAttribute('href');
    expect(link).toMatch(/^\/oss\/000000\/\d{8}\/\d+[0-9a-f]{8}\.png$/);

    // A text file named .png: the server checks the content and says so.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'disguised.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    const refused = dialog.locator('[data-testid="attach-upload-item"][data-state="error"]', {
      hasText: 'disguised.png',
    });
    await refused.getByText('文件类型不支持或与扩展名不符').waitFor();
    await toast('disguised.png 上传失败：文件类型不支持或与扩展名不符').waitFor();

    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    const uploaded = row(screen, name);
    await uploaded.getByRole('link', { name: link ?? '' }).waitFor();
    await uploaded.getByText('80 B', { exact: true }).waitFor();
    expect(await uploaded.getByTestId('attach-download').getAttribute('href')).toBe(link);
    expect(await row(screen, 'disguised.png').count()).toBe(0);

    // The link serves the stored bytes.
    const file = await page().request.get(`${baseUrl()}${link}`);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);
  });
});

describe('API log', () => {
  it('lists a call and shows all of it in the view dialog', async () => {
    const admin = await apiLogin('admin', inject('adminPassword'));
    const marker = String(Date.now());
    // A call that fails (no such notice) is logged all the same, with its parameters.
    await admin.get('/api/yuan-desk/notice/detail', { id: marker }).catch(() => undefined);

    await loginAsAdmin(page());
    await openMenu(page(), '日志管理', '接口日志', '/monitor/log/api/index');
    const screen = pane('/monitor/log/api/index');
    await screen.locator('#crud-search-logApi_requestUri').fill('/api/yuan-desk/notice/detail');
    const logged = row(screen, '/api/yuan-desk/notice/detail');
    // Entries are written in batches about a second after the call: search again until it is there.
    await expect
      .poll(
        async () => {
          await screen.getByTestId('crud-search').click();
          return logged.count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    await logged.first().getByText('404', { exact: true }).waitFor();

    await logged.first().getByTestId('log-view').click();
    const dialog = page().locator('[data-testid="log-view-logApi"] .ant-modal');
    await dialog.getByText('接口日志详情').waitFor();
    await expect.poll(() => dialog.getByTestId('log-view-params').textContent()).toContain(marker);
    await dialog.getByTestId('log-view-requestUri').getByText('/api/yuan-desk/notice/detail').waitFor();
    await dialog.getByText('用户代理').waitFor();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('login log', () => {
  it("lists the user's own sign-ins in the login log", async () => {
    await loginAsAdmin(page());
    await openMenu(page(), '钱包', '登录日志', '/yuan/generic/user/log/index');
    const screen = pane('/yuan/generic/user/log/index');
    await screen
      .locator('.ant-table-tbody tr.ant-table-row')
      .first()
      .getByText('登录', { exact: true })
      .waitFor();
  });
});
