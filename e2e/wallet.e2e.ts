import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { type ApiSession, apiLogin, createAdminUser } from './support/api.ts';
import { gotoLogin, submitLogin, usePage, WALLET_HOME, waitForLanding } from './support/browser.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
});

const PAY_PATH = '/yuan/generic/payToOther0/index';
const BALANCE_PATH = '/yuan/generic/balance/index';
const TRANSFERS_PATH = '/yuan/generic/transfers/index';
const PAYEE = '0x00000000000000000000000000000000000000b0';
const PASSWORD = 'E2e@Wallet123';
const WALLET_PASSWORD = 'wallet-pass';

const pane = (path: string) => page.locator(`[data-pane="${path}"]`);

/**
 * A user of this file's own (administrator role, so every wallet menu): other files may give admin wallets, and
 * the first page of a user without one is what the first test starts from.
 */
let account = '';
async function walletUser(): Promise<string> {
  if (account) {
    return account;
  }
  const name = `e2e-wallet-${Date.now().toString(36)}`;
  await createAdminUser({ account: name, password: PASSWORD, name: 'Wallet', realName: '钱包用户' });
  account = name;
  return account;
}

async function signIn(): Promise<void> {
  await gotoLogin(page);
  await submitLogin(page, await walletUser(), PASSWORD);
  expect(await waitForLanding(page)).toBe(WALLET_HOME);
}

/** Puts YBI into the user's wallet the way a user gets it: a code of the territory screen, redeemed into it. */
async function fund(user: ApiSession, walletId: string, amount: string): Promise<void> {
  const admin = await apiLogin('admin', inject('adminPassword'));
  const batch = await admin.post<{ codes: string[] }>('/api/yuan-api/sdk/create', {
    amount,
    count: 1,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await user.post('/api/yuan-api/sdk/use', { code: batch.codes[0], walletId });
}

describe('wallet', () => {
  it('lands on the wallet first page, creates a wallet, renames it and shows its balances', async () => {
    await signIn();
    const home = pane(WALLET_HOME);
    await home.getByTestId('wallet-empty').waitFor();
    await home.getByTestId('wallet-create').click();
    const dialog = page.getByTestId('wallet-create-dialog');
    await dialog.getByRole('button', { name: '创建钱包' }).click();
    await dialog.getByText('钱包密码至少6位').waitFor();
    await dialog.getByText('请阅读并同意协议').waitFor();
    await dialog.getByTestId('wallet-form-password').fill(WALLET_PASSWORD);
    await dialog.getByTestId('wallet-form-password2').fill(WALLET_PASSWORD);
    await dialog.getByTestId('wallet-form-email').fill('e2e-wallet@example.com');
    await dialog.getByTestId('wallet-form-agreed').check();
    await dialog.getByRole('button', { name: '创建钱包' }).click();

    const address = home.getByTestId('wallet-address');
    await address.waitFor();
    expect(await address.textContent()).toMatch(/0x[0-9a-fA-F]{40}/);
    await expect.poll(() => home.getByTestId('wallet-ybi').getAttribute('data-value')).toMatch(/^0(\.0*)?$/);

    await home.getByTestId('wallet-rename').click();
    // antd puts a textarea in place of the title while editing.
    const editor = home.locator('textarea');
    await editor.fill('E2E 钱包');
    await editor.press('Enter');
    await page.locator('.ant-message').getByText('钱包已重命名').waitFor();
    await expect.poll(() => home.getByTestId('wallet-name').textContent()).toContain('E2E 钱包');
  });

  it('pays from a funded wallet after confirmation, and the history shows the payment', async () => {
    const user = await apiLogin(await walletUser(), PASSWORD);
    let wallets = await user.post<{ id: string }[]>('/api/yuan-api/clientApp/listWallets', {});
    if (wallets.length === 0) {
      // This test alone: the wallet the first test creates on the screen.
      await user.post('/api/yuan-api/clientApp/createWallet', {
        password: WALLET_PASSWORD,
        password2: WALLET_PASSWORD,
        email: 'e2e-wallet@example.com',
        agreed: true,
      });
      wallets = await user.post<{ id: string }[]>('/api/yuan-api/clientApp/listWallets', {});
    }
    await fund(user, wallets[0]?.id ?? '', '100');

    await signIn();
    const home = pane(WALLET_HOME);
    await expect
      .poll(() => home.getByTestId('wallet-ybi').getAttribute('data-value'), { timeout: 30_000 })
      .toMatch(/^100(\.0*)?$/);
    await home.getByTestId('wallet-go-pay').click();
    await page.waitForURL(`**${PAY_PATH}`);

    const pay = pane(PAY_PATH);
    await expect
      .poll(() => pay.getByTestId('pay-balance').getAttribute('data-value'))
      .toMatch(/^100(\.0*)?$/);
    // The payee is added from the payment and then picked by its name.
    await pay.getByTestId('pay-add-payee').click();
    const addPayee = page.getByTestId('add-payee-dialog');
    await addPayee.getByTestId('add-payee-name').fill('E2E 房东');
    await addPayee.getByTestId('add-payee-address').fill(PAYEE);
    await addPayee.locator('.ant-modal-footer .ant-btn-primary').click();
    await addPayee.waitFor({ state: 'hidden' });
    await pay.getByTestId('pay-to').fill('');
    await pay.getByTestId('pay-to').fill('E2E');
    await page.locator('.ant-select-dropdown:visible').getByText('E2E 房东').click();
    await pay.getByTestId('pay-to-payee').getByText('E2E 房东').waitFor();
    await pay.getByTestId('pay-amount').fill('250');
    await pay.getByTestId('pay-password').fill(WALLET_PASSWORD);
    await pay.getByTestId('pay-submit').click();
    await pay.getByText('转账数量不能超过可用余额').waitFor();
    await pay.getByTestId('pay-amount').fill('1.5');
    await pay.getByTestId('pay-submit').click();
    const confirm = page.getByTestId('pay-confirm');
    await confirm.getByRole('button', { name: '确认转账' }).click();

    const hash = pay.getByTestId('pay-tx-hash');
    await hash.waitFor({ timeout: 30_000 });
    expect(await hash.textContent()).toMatch(/0x[0-9a-f]{64}/);
    await pay.getByTestId('pay-recent').getByTestId('tx-hash').first().waitFor({ timeout: 30_000 });

    await page.goto(`${new URL(page.url()).origin}${BALANCE_PATH}`);
    const balance = pane(BALANCE_PATH);
    await expect
      .poll(() => balance.getByTestId('wallet-ybi').getAttribute('data-value'), { timeout: 30_000 })
      .toMatch(/^98\.5(0*)?$/);

    await page.goto(`${new URL(page.url()).origin}${TRANSFERS_PATH}`);
    const transfers = pane(TRANSFERS_PATH);
    await transfers.getByTestId('tx-hash').first().click();
    const detail = page.getByTestId('tx-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('tx-detail-to').textContent()).toContain(PAYEE);
  });
});
