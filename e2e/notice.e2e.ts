import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
});

const { pane, row, toast } = crudLocators(() => page);

describe('notice bell', () => {
  it('shows a dot for an unread notice, lists it under its source and marks it read when opened', async () => {
    const admin = await apiLogin('admin', inject('adminPassword'));
    await admin.post('/api/yuan-desk/notice/submit', {
      title: '系统维护通知',
      subtitle: '今晚维护',
      sourceFrom: 'p010',
      status: 1,
      content: '<p>维护窗口 <b>22:00</b><script>alert(1)</script></p>',
    });
    await loginAsAdmin(page);
    const bell = page.getByTestId('notice-bell');
    await bell.locator('.ant-badge-dot').waitFor();
    await bell.getByRole('button').click();
    const list = page.getByTestId('notice-list');
    await list.getByText('系统维护通知').click();
    const modal = page.locator('.ant-modal').filter({ hasText: '系统维护通知' });
    await modal.getByText('22:00').waitFor();
    expect(await modal.locator('script').count()).toBe(0);
    await bell.locator('.ant-badge-dot').waitFor({ state: 'detached' });
  });
});

// Notices are the tenant's, and the bell above keeps its dot while any is unread: the browser tests make all their
// notices in this file, one after the other.
describe('notices', () => {
  it('publishes a notice that the reader finds unread, opens sanitized and then sees read', async () => {
    const title = `E2E 公告 ${Date.now()}`;
    await loginAsAdmin(page);
    await openMenu(page, '首页', '通知公告', '/desk/notice/index');
    const screen = pane('/desk/notice/index');
    await screen.getByTestId('crud-add').click();
    const form = page.locator('[data-testid="crud-dialog-notice"] .ant-modal');
    await form.waitFor();
    // A new notice starts published, in the default source.
    await form.locator('.ant-select-content', { hasText: '已发布' }).waitFor();
    await form.locator('#crud-notice_title').fill(title);
    await form
      .locator('#crud-notice_content')
      .fill('<p>正文 <b>加粗</b><img src="x" onerror="window.__hit=1"><script>window.__hit=2</script></p>');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await form.waitFor({ state: 'hidden' });
    await row(screen, title).getByText('已发布').waitFor();

    await openMenu(page, '钱包', '系统通知', '/yuan/generic/user/notice/index');
    const mine = pane('/yuan/generic/user/notice/index');
    const unread = row(mine, title);
    await unread.getByText('未读', { exact: true }).waitFor();
    await unread.getByTestId('my-notice-title').click();
    const dialog = page.locator('[data-testid="my-notice-dialog"] .ant-modal');
    await dialog.getByTestId('my-notice-content').getByText('加粗').waitFor();
    expect(await dialog.locator('script, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __hit?: number }).__hit)).toBeUndefined();
    await dialog.locator('.ant-modal-close').click();
    await row(mine, title).getByText('已读', { exact: true }).waitFor();
  });
});
