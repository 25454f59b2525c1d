import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { keepSession, resumeSession } from './session.ts';

/** A connection of this file to the run's Chromium; closing it closes the file's contexts, not Chromium. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/** A fresh context (empty cookies, storage and cache) and a page in it: a second, separate session. */
export async function openPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  return { context, page: await newPage(context) };
}

/** Opens the app where a person starts, at `/`, and waits for the sign-in page it sends a visitor to. */
export async function gotoLogin(page: Page, base = baseUrl()): Promise<void> {
  await page.goto(`${base}/`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.locator('#login-account').waitFor();
}

export async function submitLogin(page: Page, account: string, password: string): Promise<void> {
  await page.fill('#login-account', account);
  await page.fill('#login-password', password);
  await page.click('form.login-form button[type=submit]');
}

/** The wallet's first page: a user whose menus have it lands there after signing in (SPEC §9). */
export const WALLET_HOME = '/yuan/generic/wallet0/index';

/**
 * Waits for the page a sign-in lands on, shown: the wallet's first page, or the welcome page for a user whose menus
 * lack the wallet. Answers its path.
 */
export async function waitForLanding(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname === WALLET_HOME || url.pathname === '/wel/index');
  // A hidden pane of the other page may stay mounted (keep-alive): wait for the one shown.
  await page.locator('[data-testid=wallet0]:visible, [data-testid=welcome-title]:visible').first().waitFor();
  return new URL(page.url()).pathname;
}

/**
 * Logs in as the tenant-000000 administrator, who lands on the wallet's first page, then closes its tab: the tests
 * start from the welcome page with only its tab open (see loginAs).
 */
export async function loginAsAdmin(page: Page): Promise<void> {
  await loginAs(page, 'admin', inject('adminPassword'));
}

/**
 * Starts a test as a signed-in user whose menus have the wallet (the administrator role), on the welcome page with
 * only its tab open. The user's first sign-in in a worker goes through the form (`signInThroughForm`); a later one
 * comes back with the session that sign-in kept, opening `/` as a returning user does, which skips drawing the
 * sign-in page and the wallet's first page again (a session the server no longer accepts is signed in again). Tests
 * about signing in use `signInThroughForm` itself.
 */
export async function loginAs(page: Page, account: string, password: string): Promise<void> {
  const key = `${account}\n${password}`;
  if (await resumeSession(page, key)) {
    return;
  }
  await signInThroughForm(page, account, password);
  await keepSession(page, key);
}

/** Signs in through the form at `/`, waits for the wallet's first page, and closes its tab onto the welcome page. */
export async function signInThroughForm(page: Page, account: string, password: string): Promise<void> {
  await gotoLogin(page);
  await submitLogin(page, account, password);
  await page.waitForURL(`**${WALLET_HOME}`);
  // Closing the active tab opens the previous one, the welcome tab.
  await withPageState(page, () => tab(page, WALLET_HOME).locator('.ant-tabs-tab-remove').click());
  await page.waitForURL('**/wel/index');
  await page.locator('[data-testid=welcome-title]').waitFor();
}

/** Opens the profile the way a user does: the header's user dropdown, entry 个人信息. */
export async function openProfile(page: Page): Promise<void> {
  await page.click('[data-testid=user-menu]');
  await page.locator('.ant-dropdown-menu-item').getByText('个人信息', { exact: true }).click();
  await page.waitForURL('**/info/index');
  await page.getByTestId('profile-form').waitFor();
}

/** Signs out through the user menu and its confirmation. */
export async function signOut(page: Page): Promise<void> {
  await page.click('[data-testid=user-menu]');
  await page.getByText('退出登录', { exact: true }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
  await page.waitForURL('**/login');
}

/** Runs a step; when it fails, the error also says where the page was and which tabs it had. */
async function withPageState(page: Page, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    const tabs = await tabValues(page).catch(() => []);
    throw new Error(`at ${page.url()} with tabs ${JSON.stringify(tabs)}`, { cause: error });
  }
}

export function tab(page: Page, value: string) {
  return page.locator('.app-tabs .ant-tabs-tab', { has: page.locator(`[data-tab="${value}"]`) });
}

export async function tabValues(page: Page): Promise<string[]> {
  return page
    .locator('.app-tabs [data-tab]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-tab') ?? ''));
}

/**
 * Opens a leaf of the sidebar through its parent submenu and waits until its tab is active. A busy machine can
 * swallow a click while the submenu is still animating, so the click is retried a few times.
 */
export async function openMenu(page: Page, parent: string, leaf: string, path: string): Promise<void> {
  const titles = page.locator('.app-sider .ant-menu-title-content');
  const item = titles.getByText(leaf, { exact: true });
  for (let attempt = 1; ; attempt++) {
    if (!(await item.isVisible())) {
      await titles.getByText(parent, { exact: true }).click();
      await item.waitFor({ state: 'visible' });
    }
    await item.scrollIntoViewIfNeeded();
    await item.click();
    try {
      await page.waitForURL(`**${path}`, { timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt >= 3) {
        throw error;
      }
    }
  }
  await page.locator(`.app-tabs .ant-tabs-tab-active [data-tab="${path}"]`).waitFor();
}

/**
 * Picks an entry of a tab's context menu. A click that lands while the menu is still appearing can be lost on a
 * loaded machine, so the entry is clicked again until the menu has closed.
 */
export async function tabMenuAction(page: Page, value: string, label: string): Promise<void> {
  const menu = page.locator('.ant-dropdown:visible');
  for (let attempt = 1; ; attempt++) {
    if ((await menu.count()) === 0) {
      await page.locator(`[data-tab="${value}"]`).click({ button: 'right' });
    }
    await menu.getByText(label, { exact: true }).click();
    try {
      await menu.waitFor({ state: 'detached', timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt >= 3) {
        throw error;
      }
    }
  }
}

/** Saves a screenshot of a failed test under e2e/.artifacts (ignored by git) to see what the browser showed. */
export async function screenshotOnFailure(
  page: Page | undefined,
  context: { task: { name: string; result?: { state?: string } } },
): Promise<void> {
  if (!page || context.task.result?.state !== 'fail') {
    return;
  }
  const name = context.task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
  await page.screenshot({ path: `e2e/.artifacts/${name}.png`, fullPage: true }).catch(() => undefined);
}

/** A page whose waits give up after 15 s, long enough for a busy machine, short enough to say what was missing. */
async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A context as the tests' user has it: the window size, the Chinese interface and no animations. */
function newContext(browser: Browser): Promise<BrowserContext> {
  // Reduced motion turns antd's animations off, so no click lands on a dialog or menu that is still moving.
  return browser.newContext({
    viewport: { width: 1400, height: 900 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
  });
}

/**
 * Leaves nothing of a test's user in the file's context but the browser's HTTP cache: its pages closed, cookies
 * cleared, and the app's local storage emptied (session storage goes with the page).
 */
async function wipe(context: BrowserContext): Promise<void> {
  await Promise.all(context.pages().map((open) => open.close()));
  await context.clearCookies();
  const blank = await context.newPage();
  try {
    await blank.goto(`${baseUrl()}/api/health`);
    await blank.evaluate(() => localStorage.clear());
  } finally {
    await blank.close();
  }
}

/**
 * The set-up every browser test file shares: a connection to the run's Chromium, one context for the file whose
 * cookies and storage are wiped after each test (the scripts the app loaded stay in its cache, as a returning
 * visitor's do), a fresh page per test, a screenshot when a test fails. Returns a getter for the current test's page.
 */
export function usePage(): () => Page {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await connectBrowser();
    context = await newContext(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!context) {
      throw new Error('the browser did not start');
    }
    page = await newPage(context);
  });
  afterEach(async (test) => {
    await screenshotOnFailure(page, test);
    if (context) {
      await wipe(context);
    }
  });
  return () => {
    if (!page) {
      throw new Error('no page outside a test');
    }
    return page;
  };
}

/** The browser a page belongs to, for a second, separate session in the same test. */
export function browserOf(page: Page): Browser {
  const browser = page.context().browser();
  if (!browser) {
    throw new Error('the page has no browser');
  }
  return browser;
}
