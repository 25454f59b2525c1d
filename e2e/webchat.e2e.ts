import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdminUser } from './support/api.ts';
import { browserOf, gotoLogin, openPage, submitLogin, usePage, waitForLanding } from './support/browser.ts';

const current = usePage();
let page: Page;
beforeEach(() => {
  page = current();
});

const PASSWORD = 'E2e@Chat12345';

/** A user of tenant 000000 with the administrator role (every menu), made through the API. */
async function makeUser(account: string, realName: string): Promise<void> {
  await createAdminUser({ account, password: PASSWORD, name: realName, realName });
}

async function signIn(target: Page, account: string): Promise<void> {
  await gotoLogin(target);
  await submitLogin(target, account, PASSWORD);
  await waitForLanding(target);
}

/** Clicks the top bar's chat button and answers the popup, once the chat page in it is connected. */
async function openChat(target: Page): Promise<Page> {
  const [popup] = await Promise.all([
    target.waitForEvent('popup'),
    target.getByTestId('open-webchat').click(),
  ]);
  popup.setDefaultTimeout(15_000);
  await popup.waitForURL((url) => url.pathname === '/webchat');
  await popup.locator('[data-testid=webchat-status][data-status=online]').waitFor();
  return popup;
}

/** The top bar's unread count as shown (0 when the badge shows none). */
async function topBarCount(target: Page): Promise<number> {
  const count = target.locator('[data-testid=webchat-unread] sup.ant-badge-count');
  return (await count.count()) === 0 ? 0 : Number(await count.getAttribute('title'));
}

describe('web chat', () => {
  it('A writes to B from the chat popup; B sees the unread count in the top bar, reads it, and it goes back to 0', async () => {
    const stamp = Date.now().toString(36);
    const alice = `e2e-chat-a-${stamp}`;
    const bob = `e2e-chat-b-${stamp}`;
    await makeUser(alice, 'Alice E2E');
    await makeUser(bob, 'Bob E2E');
    const text = `Hello Bob ${stamp}`;

    await signIn(page, alice);
    const chatA = await openChat(page);
    // The popup of SPEC §9: 900×720.
    expect(await chatA.evaluate(() => window.innerWidth)).toBe(900);
    expect(await chatA.evaluate(() => window.innerHeight)).toBeLessThanOrEqual(720);
    await chatA.getByText('还没有会话，发起一个聊天吧').waitFor();
    await chatA.getByTestId('webchat-new-direct').click();
    const dialog = chatA.locator('.ant-modal').filter({ hasText: '发起聊天' });
    await dialog.getByRole('combobox').fill('Bob E2E');
    await chatA.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: bob }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await chatA.getByTestId('webchat-thread-title').filter({ hasText: 'Bob E2E' }).waitFor();
    const input = chatA.getByTestId('webchat-input');
    await input.fill(text);
    await input.press('Enter');
    await chatA.getByTestId('webchat-message').filter({ hasText: text }).waitFor();
    expect(await chatA.getByTestId('webchat-pending').count()).toBe(0);
    expect(await input.inputValue()).toBe('');

    const other = await openPage(browserOf(page));
    try {
      const pageB = other.page;
      await signIn(pageB, bob);
      await pageB.locator('[data-testid=webchat-unread] sup.ant-badge-count[title="1"]').waitFor();
      expect(await topBarCount(page)).toBe(0);

      const chatB = await openChat(pageB);
      const item = chatB.getByTestId('webchat-conversation').filter({ hasText: 'Alice E2E' });
      await item.locator('sup.ant-badge-count[title="1"]').waitFor();
      await item.click();
      await chatB.getByTestId('webchat-message').filter({ hasText: text }).waitFor();
      await item.locator('sup.ant-badge-count').waitFor({ state: 'detached' });
      // The top bar follows the chat window at once (no wait for its next poll).
      await pageB.locator('[data-testid=webchat-unread] sup.ant-badge-count').waitFor({ state: 'detached' });
      expect(await topBarCount(pageB)).toBe(0);

      // B answers; A's popup shows it live, and A, reading it there, keeps its count at 0.
      const reply = `Hi Alice ${stamp}`;
      await chatB.getByTestId('webchat-input').fill(reply);
      await chatB.getByTestId('webchat-input').press('Enter');
      await chatA.getByTestId('webchat-message').filter({ hasText: reply }).waitFor();
      await page.waitForFunction(async () => {
        const res = await fetch('/api/webchat/unread', {
          headers: {
            'Blade-Auth': `bearer ${document.cookie.match(/yuan-access-token=([^;]+)/)?.[1] ?? ''}`,
          },
        });
        return (await res.json()).data?.total === 0;
      });
    } finally {
      await other.context.close();
    }
  });
});
