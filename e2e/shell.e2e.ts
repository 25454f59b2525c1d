import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdminUser } from './support/api.ts';
import {
  baseUrl,
  loginAs,
  loginAsAdmin,
  openMenu,
  tab,
  tabMenuAction,
  tabValues,
  usePage,
} from './support/browser.ts';

const current = usePage();
let page: Page;
beforeEach(() => {
  page = current();
});

/** The suites start signed in as the administrator, all but the language one (see there). */
function signedInAsAdmin(): void {
  beforeEach(async () => {
    await loginAsAdmin(page);
  });
}

function path(): string {
  return new URL(page.url()).pathname;
}

describe('menus and tabs', () => {
  signedInAsAdmin();

  it('opens a tab when a menu item is clicked', async () => {
    await openMenu(page, '首页', '任务日历', '/scheduled/index');
    await tab(page, '/scheduled/index').waitFor();
    expect(await tab(page, '/scheduled/index').getAttribute('class')).toContain('ant-tabs-tab-active');
    // The tab's pane shows the menu's screen.
    const pane = page.locator('[data-pane="/scheduled/index"]');
    await pane.getByTestId('scheduled-page').waitFor();
    await expect.poll(() => page.title()).toContain('任务日历');
  });

  it('applies the close rules', async () => {
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    await openMenu(page, '系统管理', '参数管理', '/system/param/index');
    await openMenu(page, '系统管理', '岗位管理', '/system/post/index');
    expect(await tabValues(page)).toEqual([
      '/wel/index',
      '/system/user/index',
      '/system/param/index',
      '/system/post/index',
    ]);
    // Keep-alive: every visited tab keeps its page mounted; only the active one is shown.
    expect(await page.locator('[data-pane]').count()).toBe(4);
    expect(await page.locator('[data-pane]:not([hidden])').getAttribute('data-pane')).toBe(
      '/system/post/index',
    );

    // Closing the active tab opens the previous one.
    await tab(page, '/system/post/index').locator('.ant-tabs-tab-remove').click();
    await page.waitForURL('**/system/param/index');
    expect(await tabValues(page)).toEqual(['/wel/index', '/system/user/index', '/system/param/index']);

    // Close others keeps the active tab and the first page (context menu).
    await tabMenuAction(page, '/system/param/index', '关闭其他');
    await expect
      .poll(() => tabValues(page), { timeout: 5_000 })
      .toEqual(['/wel/index', '/system/param/index']);

    // Close all resets to the welcome tab.
    await tabMenuAction(page, '/system/param/index', '关闭全部');
    await page.waitForURL('**/wel/index');
    await expect.poll(() => tabValues(page), { timeout: 5_000 }).toEqual(['/wel/index']);

    // The last tab cannot be closed.
    expect(await tab(page, '/wel/index').locator('.ant-tabs-tab-remove').count()).toBe(0);
  });

  it('clears the cache from the tab menu after confirmation', async () => {
    await tabMenuAction(page, '/wel/index', '清除缓存');
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('是否需要清除缓存?').waitFor();
    const call = page.waitForResponse((response) =>
      response.url().endsWith('/api/yuan-auth/oauth/clear-cache'),
    );
    await confirm.getByRole('button', { name: '确定' }).click();
    expect((await call).status()).toBe(200);
    await page.locator('.ant-message').getByText('清除完毕').waitFor();
  });

  it('keeps tabs after a reload', async () => {
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    await page.reload();
    await tab(page, '/system/user/index').waitFor();
    expect(path()).toBe('/system/user/index');
  });
});

describe('query parameters', () => {
  signedInAsAdmin();

  it('opens external pages in /myiframe with src and name as the tab', async () => {
    const src = `${baseUrl()}/404`;
    await page.goto(`${baseUrl()}/myiframe/urlPath?src=${encodeURIComponent(src)}&name=External`);
    await tab(page, src).waitFor();
    expect(await tab(page, src).textContent()).toBe('External');
    expect(await page.locator('iframe[title=External]').getAttribute('src')).toBe(src);
  });

  it('hides the menu when the query has menu', async () => {
    await page.goto(`${baseUrl()}/system/user/index?menu=false`);
    await tab(page, '/system/user/index').waitFor();
    expect(await page.locator('.app-sider').count()).toBe(0);
  });
});

describe('menu search', () => {
  signedInAsAdmin();

  it('filters by the start of the name and closes with Esc', async () => {
    await page.click('[data-testid=open-search]');
    const dialog = page.locator('.ant-modal').filter({ hasText: '菜单搜索' });
    await dialog.waitFor();
    const input = dialog.getByPlaceholder('请输入菜单名称');
    await input.fill('用户');
    await dialog.locator('[role=option]').first().waitFor();
    const names = await dialog.locator('.menu-search__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith('用户'))).toBe(true);
    await input.fill('管理用户');
    await dialog.getByText('没有匹配的菜单').waitFor();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Enter opens the highlighted entry.
    await page.click('[data-testid=open-search]');
    await page
      .locator('.ant-modal')
      .filter({ hasText: '菜单搜索' })
      .getByPlaceholder('请输入菜单名称')
      .fill('参数');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/system/param/index');
  });
});

describe('language', () => {
  // The choice is kept on the server per user and adopted at the next sign-in: a user of this suite's own makes it,
  // so the files running beside it keep signing admin in to the Chinese screens they expect.
  beforeEach(async () => {
    const account = `e2e-lang-${Date.now().toString(36)}`;
    const password = 'E2e@Lang12345';
    await createAdminUser({ account, password, name: 'Lang', realName: '语言用户' });
    await loginAs(page, account, password);
  });

  it('switches to English and keeps it after a reload', async () => {
    await page.click('[data-testid=language-switch]');
    await Promise.all([
      page.waitForEvent('load'),
      page.locator('.ant-dropdown:visible').getByText('English', { exact: true }).click(),
    ]);
    await page.locator('.app-sider').getByText('System', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('yuan-language'))).toBe('en');
    await page.reload();
    await page.locator('.app-sider').getByText('System', { exact: true }).waitFor();
    await page.locator('[data-testid=welcome-title]').getByText('Welcome', { exact: false }).waitFor();
  });
});

describe('lock screen', () => {
  signedInAsAdmin();

  it('requires a password, locks, refuses a wrong one and unlocks', async () => {
    await page.click('[data-testid=open-lock]');
    const dialog = page.locator('.ant-modal').filter({ hasText: '设置锁屏密码' });
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await dialog.getByText('锁屏密码不能为空').waitFor();
    await dialog.getByPlaceholder('锁屏密码').fill('secret-1');
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await page.waitForURL('**/lock');

    // While locked every page leads back to /lock.
    await page.goto(`${baseUrl()}/wel/index`);
    await page.waitForURL('**/lock');

    await page.getByPlaceholder('请输入锁屏密码').fill('wrong');
    await page.getByRole('button', { name: '解锁' }).click();
    await page.locator('.lock-card [role=alert]').getByText('解锁密码错误，请重新输入').waitFor();

    await page.getByPlaceholder('请输入锁屏密码').fill('secret-1');
    await page.getByRole('button', { name: '解锁' }).click();
    await page.waitForURL('**/wel/index');
    await page.locator('[data-testid=welcome-title]').waitFor();
  });
});

describe('error log', () => {
  signedInAsAdmin();

  it('captures window errors, uploads them and clears after confirmation', async () => {
    const dialog = page.locator('.ant-modal').filter({ hasText: '错误日志' });
    await page.click('[data-testid=open-logs]');
    await dialog.getByRole('button', { name: '清空本地日志' }).click();
    await page.locator('.ant-message').getByText('没有需要清空的内容').waitFor();
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('broken widget');
      });
    });
    await page.click('[data-testid=open-logs]');
    await dialog.getByText('broken widget', { exact: true }).waitFor();

    const upload = page.waitForRequest((request) =>
      request.url().endsWith('/api/yuan-auth/oauth/client-log'),
    );
    await dialog.getByRole('button', { name: '上传服务器' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    const body = (await upload).postDataJSON() as { logs: Array<{ type: string; message: string }> };
    expect(body.logs[0]).toMatchObject({ type: 'error', message: 'broken widget' });
    await dialog.getByText('没有需要展示的内容').waitFor();

    await page.evaluate(() => {
      void Promise.reject(new Error('lost promise'));
    });
    await dialog.getByText('lost promise', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: '清空本地日志' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('确定要清空吗？').waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-message').getByText('清空成功!').waitFor();
    await dialog.getByText('没有需要展示的内容').waitFor();
  });
});

describe('theme', () => {
  signedInAsAdmin();

  it('applies and keeps the chosen theme and colour', async () => {
    await page.click('[data-testid=open-theme]');
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('酷黑主题').click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.theme)).toBe('theme-cool');
    await page.reload();
    await page.locator('[data-testid=welcome-title]').waitFor();
    expect(await page.evaluate(() => document.body.dataset.theme)).toBe('theme-cool');
    const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('yuan-settings') ?? '{}'));
    expect(settings.state).toMatchObject({ themeName: 'theme-cool', themeColor: '#409EFF' });
  });
});

describe('small screens', () => {
  signedInAsAdmin();

  it('starts with the sidebar closed and closes it again after a menu click', async () => {
    await page.setViewportSize({ width: 500, height: 800 });
    const sider = page.locator('.app-sider');
    await expect.poll(() => sider.evaluate((node) => node.getBoundingClientRect().width)).toBe(0);
    await page.click('[data-testid=collapse-toggle]');
    await expect
      .poll(() => sider.evaluate((node) => node.getBoundingClientRect().width))
      .toBeGreaterThan(100);
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    await expect.poll(() => sider.evaluate((node) => node.getBoundingClientRect().width)).toBe(0);
  });
});
