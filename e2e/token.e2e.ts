import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, loginAsAdmin, openMenu, usePage } from './support/browser.ts';

const current = usePage();
let page: Page;
let context: BrowserContext;
beforeEach(async () => {
  page = current();
  context = page.context();
  await loginAsAdmin(page);
});

function ageToken(target: Page, seconds: number): Promise<void> {
  return target.evaluate(
    (age) => localStorage.setItem('yuan-token-time', String(Date.now() - age * 1000)),
    seconds,
  );
}

describe('token lifecycle', () => {
  it('refreshes once for all open tabs when the token reaches tokenTime', async () => {
    const refreshes: string[] = [];
    context.on('request', (request) => {
      if (request.url().includes('grant_type=refresh_token')) {
        refreshes.push(request.url());
      }
    });
    const second = await context.newPage();
    await second.goto(`${baseUrl()}/wel/index`);
    await second.locator('[data-testid=welcome-title]').waitFor();
    const before = await page.evaluate(() => document.cookie);

    await ageToken(page, 3001);
    // Both tabs start their token check at the same moment.
    await Promise.all([page.reload(), second.reload()]);
    await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(1500);
    expect(refreshes).toHaveLength(1);
    expect(await page.evaluate(() => document.cookie)).not.toBe(before);

    // Both tabs keep working with the new token (a reused refresh token would have revoked the session).
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    await openMenu(second, '系统管理', '参数管理', '/system/param/index');
    expect(new URL(page.url()).pathname).toBe('/system/user/index');
    expect(new URL(second.url()).pathname).toBe('/system/param/index');
  });

  it('takes the other open tabs to /login after a logout', async () => {
    const second = await context.newPage();
    await second.goto(`${baseUrl()}/wel/index`);
    await second.locator('[data-testid=welcome-title]').waitFor();
    await page.click('[data-testid=user-menu]');
    await page.getByText('退出登录', { exact: true }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
    await second.waitForURL('**/login');
  });

  it('logs out when the stored token is older than one hour', async () => {
    await ageToken(page, 3601);
    const note = page.waitForEvent('console', (message) => message.text() === 'token expired');
    await page.reload();
    await note;
    await page.waitForURL('**/login');
    // The session is cleared as part of the forced logout; it may finish just after the navigation.
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'yuan-access-token'), {
        timeout: 5_000,
      })
      .toBeUndefined();
  });
});
