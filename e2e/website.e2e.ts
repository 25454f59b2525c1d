import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, usePage } from './support/browser.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

afterEach(async () => {
  // An empty page brings the greeting back for the files that run later.
  const api = await apiLogin('admin', inject('adminPassword'));
  await api.post('/api/yuan-api/website/config', { title: '', banner: '', intro: '', links: [] });
});

describe('welcome page', () => {
  it('shows the website configuration saved on its settings, sanitized, with working quick links', async () => {
    const title = `元宇宙平台 ${Date.now()}`;
    await page.getByRole('button', { name: '编辑欢迎页' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '欢迎页设置' });
    await drawer.locator('#website_title').fill(title);
    const intro = drawer.getByLabel('介绍', { exact: true });
    await intro.click();
    await page.keyboard.type('欢迎来到平台');
    // Pasted markup with script: what is stored and shown keeps the words, never the script.
    await intro.evaluate((box) => {
      const data = new DataTransfer();
      data.setData('text/html', '<b>粗体</b><img src="x" onerror="window.__hacked = 1">');
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await drawer.getByRole('button', { name: '添加' }).click();
    await drawer.locator('#website_links_0_title').fill('定时任务');
    await drawer.locator('#website_links_0_url').fill('javascript:alert(1)');
    await drawer.getByTestId('website-save').click();
    await drawer.getByText('只能是 http(s) 地址或以 / 开头的站内路径').waitFor();
    await drawer.locator('#website_links_0_url').fill('/scheduled/index');
    await drawer.getByTestId('website-save').click();
    await page.getByText('欢迎页已保存').waitFor();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByTestId('website-title').getByText(title).waitFor();
    await page.reload();
    await page.getByTestId('website-title').getByText(title).waitFor();
    const shown = page.getByTestId('website-intro');
    await shown.getByText('欢迎来到平台').waitFor();
    expect(await shown.innerHTML()).not.toContain('onerror');
    expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
    expect(await page.getByTestId('welcome-title').count()).toBe(0);

    await page.getByRole('button', { name: '定时任务' }).click();
    await page.waitForURL('**/scheduled/index');
  });
});
