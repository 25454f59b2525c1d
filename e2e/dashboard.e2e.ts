import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdminUser } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const SCREEN = '/wel/dashboard/index';
const FIGURES = '/api/yuan-api/dashboard/figures';

/** The users figure as the page holds it (its plain number, not the grouped text). */
async function usersShown(): Promise<number> {
  const card = page.locator(`[data-pane="${SCREEN}"] [data-testid=figure-users]`);
  return Number(await card.getAttribute('data-value'));
}

/** A user of tenant 000000 made through the API, as another administrator would. */
async function createUser(): Promise<void> {
  const account = `e2e-dash-${Date.now().toString(36)}`;
  await createAdminUser({ account, password: 'Dash@123456', name: account, realName: '看板用户' });
}

describe('dashboard', () => {
  it('shows the tenant figures and counts a new user after a refresh', async () => {
    const first = page.waitForResponse((r) => r.url().includes(FIGURES) && r.status() === 200);
    await openMenu(page, '首页', '控制台', SCREEN);
    await first;
    const pane = page.locator(`[data-pane="${SCREEN}"]`);
    await pane.getByTestId('figure-users').waitFor();
    await pane.getByTestId('panel-activity').getByText('用户与登录').waitFor();
    const before = await usersShown();
    expect(before).toBeGreaterThan(0);

    await createUser();
    // Answers are kept a few seconds on the server: refresh until the new count arrives (each refresh waits for
    // its answer), as a person would.
    await expect
      .poll(
        async () => {
          const answered = page.waitForResponse((r) => r.url().includes(FIGURES));
          await pane.getByTestId('dashboard-refresh').click();
          await answered;
          return usersShown();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(before + 1);
  });
});
