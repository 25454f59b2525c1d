import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { launchBrowser, loginAsAdmin, openPage, screenshotOnFailure } from './support/browser.ts';

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
});
afterEach(async (test) => {
  await screenshotOnFailure(page, test);
  await context?.close();
});

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
