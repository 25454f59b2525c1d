import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, usePage } from './support/browser.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
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
