import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  gotoLogin,
  loginAsAdmin,
  signInThroughForm,
  submitLogin,
  usePage,
  WALLET_HOME,
  waitForLanding,
} from './support/browser.ts';

const current = usePage();
let page: Page;
let context: BrowserContext;
beforeEach(async () => {
  page = current();
  context = page.context();
});

async function tokenCookie(): Promise<string | undefined> {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === 'yuan-access-token')?.value;
}

describe('login', () => {
  it('opens at the README address: / shows the sign-in page, then the welcome page', async () => {
    const answer = await page.goto(`${baseUrl()}/`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-type']).toContain('text/html');
    await page.waitForURL((url) => url.pathname === '/login');
    await signInThroughForm(page, 'admin', inject('adminPassword'));
    expect(new URL(page.url()).pathname).toBe('/wel/index');
  });

  it('sends a visitor without a token to /login', async () => {
    await page.goto(`${baseUrl()}/system/user/index`);
    await page.waitForURL('**/login');
    await expect.poll(() => page.title()).toContain('登录');
  });

  it('shows the server error for a wrong password and stores nothing', async () => {
    await gotoLogin(page);
    await submitLogin(page, 'admin', 'wrong-password');
    await page.locator('.ant-message').getByText('用户名或密码错误').waitFor();
    expect(page.url()).toContain('/login');
    expect(await tokenCookie()).toBeUndefined();
  });

  it('asks for the account and password before calling the server', async () => {
    await gotoLogin(page);
    await page.click('form.login-form button[type=submit]');
    await page.getByText('请输入账号').waitFor();
    await page.getByText('请输入密码').waitFor();
  });

  it('logs in and lands on the wallet first page', async () => {
    await gotoLogin(page);
    await submitLogin(page, 'admin', inject('adminPassword'));
    expect(await waitForLanding(page)).toBe(WALLET_HOME);
    expect(await tokenCookie()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await page.locator(`.app-tabs [data-tab="${WALLET_HOME}"]`).count()).toBe(1);
    expect(await page.locator('.app-tabs [data-tab="/wel/index"]').count()).toBe(1);
    // A logged-in user visiting /login goes back to the app.
    await page.goto(`${baseUrl()}/login`);
    await page.waitForURL('**/wel/index');
  });

  it('sends unknown paths to /404', async () => {
    await loginAsAdmin(page);
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL('**/404');
    await page.getByText('抱歉，你访问的页面不存在').waitFor();
  });
});

describe('logout', () => {
  it('asks for confirmation, then clears the session', async () => {
    await loginAsAdmin(page);
    await page.click('[data-testid=user-menu]');
    await page.getByText('退出登录', { exact: true }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByText('退出系统, 是否继续?').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/wel/index');

    await page.click('[data-testid=user-menu]');
    await page.getByText('退出登录', { exact: true }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
    expect(await tokenCookie()).toBeUndefined();
    await page.goto(`${baseUrl()}/wel/index`);
    await page.waitForURL('**/login');
  });
});
