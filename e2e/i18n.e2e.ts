import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin, createAdminUser } from './support/api.ts';
import { loginAs, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const PASSWORD = 'E2e@Texts12345';

/**
 * The switch to English is kept on the server per user and adopted at that user's next sign-in: a user of this
 * file's own switches, so the files running beside it keep signing admin in to the Chinese screens they expect.
 */
const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  const account = `e2e-texts-${Date.now().toString(36)}`;
  await createAdminUser({ account, password: PASSWORD, name: 'Texts', realName: '文本用户' });
  await loginAs(page, account, PASSWORD);
});

const { pane, toast, row } = crudLocators(() => page);
const SCREEN = '/yuan/generic/i18n/index';
/** The top menu bar's first entry ("Home" in English): a shell text visible on every page. */
const KEY = 'layout.home';

afterEach(async () => {
  // Leave no server text behind: the tenant's texts are shared by every user.
  const api = await apiLogin('admin', inject('adminPassword'));
  // Answers 404 when the test failed before the text was made.
  await api.get('/api/yuan-api/i18n/deleteI18nKey', { i18nKey: KEY }).catch(() => undefined);
});

function topHome() {
  return page.locator('.app-topmenu .ant-menu-title-content').first();
}

describe('language texts', () => {
  it('shows a server text over the bundled one, and the bundled one when the texts cannot be fetched', async () => {
    const text = `Start ${Date.now()}`;
    await openMenu(page, '钱包', '语言文本', SCREEN);
    const screen = pane(SCREEN);
    await screen.getByTestId('i18n-add').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增语言文本' });
    await dialog.getByLabel('文本键').fill(KEY);
    await dialog.getByLabel('语言', { exact: true }).fill('en');
    await dialog.getByLabel('文本', { exact: true }).fill(text);
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await row(screen, text).waitFor();

    // English: the page reloads and the server's text replaces the bundled "Home".
    await page.click('[data-testid=language-switch]');
    await Promise.all([
      page.waitForEvent('load'),
      page.locator('.ant-dropdown:visible').getByText('English', { exact: true }).click(),
    ]);
    await page.locator('.app-sider').getByText('System', { exact: true }).waitFor();
    await page.locator('.app-topmenu').getByText(text, { exact: true }).waitFor();

    // Without the server's texts the bundled English text is back.
    await page.route('**/api/yuan-api/i18n/listByLanguage**', (route) => route.abort());
    await page.reload();
    await page.locator('.app-sider').getByText('System', { exact: true }).waitFor();
    await page.locator('.app-topmenu').getByText('Home', { exact: true }).waitFor();
    expect(await topHome().textContent()).toBe('Home');
  });
});
