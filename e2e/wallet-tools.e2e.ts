import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, usePage } from './support/browser.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
});

const WALLET_PASSWORD = 'tools-pass';
const pane = (path: string) => page.locator(`[data-pane="${path}"]`);
const open = async (path: string) => {
  await page.goto(`${new URL(page.url()).origin}${path}`);
  await pane(path).waitFor();
};

describe('wallet tools', () => {
  it('makes a territory code, redeems it into a wallet, exchanges YBI for ETH and charts the issuance', async () => {
    const admin = await apiLogin('admin', inject('adminPassword'));
    const wallets = await admin.post<{ id: string }[]>('/api/yuan-api/clientApp/listWallets', {});
    if (wallets.length === 0) {
      await admin.post('/api/yuan-api/clientApp/createWallet', {
        password: WALLET_PASSWORD,
        email: 'tools@example.com',
        agreed: true,
      });
    }
    await loginAsAdmin(page);

    // Territory codes: two codes of 40 YBI for Beijing, shown once.
    const TERRITORY = '/yuan/generic/territory/index';
    await open(TERRITORY);
    const codes = pane(TERRITORY);
    await codes.getByTestId('territory-amount').fill('40');
    await codes.getByTestId('territory-count').fill('2');
    // The expiry is typed into the picker's input and taken with its OK button.
    const expires = codes.locator('.ant-picker input').first();
    await expires.click();
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await expires.fill(`${later} 12:00:00`);
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'detached' });
    // The territory is picked in the region tree by searching its name.
    await codes.getByTestId('territory-region').click();
    await page.keyboard.type('北京');
    await page.locator('.ant-select-tree-title:visible', { hasText: '北京' }).first().click();
    await codes.getByTestId('territory-submit').click();
    const list = page.getByTestId('codes-list');
    await list.waitFor();
    const made = await list.getByTestId('codes-code').allTextContents();
    expect(made).toHaveLength(2);
    expect(made[0]).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

    // Redeem one into the wallet: the treasury mints it on the chain.
    const REDEEM = '/yuan/generic/useSdk/index';
    await open(REDEEM);
    const redeem = pane(REDEEM);
    await redeem.getByTestId('redeem-code').fill(made[0] ?? '');
    await redeem.getByTestId('redeem-submit').click();
    await redeem.getByTestId('redeem-result-hash').waitFor({ timeout: 30_000 });
    await redeem.locator('.ant-result-title').getByText('40').waitFor();

    // Exchange 10 YBI: a live quote, then the swap with the wallet password.
    const EXCHANGE = '/yuan/generic/pay4Exchange/index';
    await open(EXCHANGE);
    const exchange = pane(EXCHANGE);
    await exchange.getByTestId('exchange-amount').fill('10');
    // 10 YBI at about 1,000 YBI per ETH: a little under 0.01 ETH.
    await expect
      .poll(() => exchange.getByTestId('exchange-quote-out').textContent(), { timeout: 20_000 })
      .toMatch(/0\.0099\d*/);
    await exchange.getByTestId('exchange-password').fill(WALLET_PASSWORD);
    await exchange.getByTestId('exchange-submit').click();
    await page.getByTestId('exchange-confirm').locator('.ant-modal-footer .ant-btn-primary').click();
    await exchange.getByTestId('exchange-result-hash').waitFor({ timeout: 30_000 });

    // The issuance screen charts the indexed issuance, lists Beijing among the territories and the latest blocks.
    const ISSUANCE = '/yuan/generic/blockstatistics/index';
    await open(ISSUANCE);
    await pane(ISSUANCE)
      .getByTestId('issuance-totals')
      .locator('canvas')
      .first()
      .waitFor({ timeout: 30_000 });
    await pane(ISSUANCE).getByTestId('issuance-daily').locator('canvas').first().waitFor();
    await pane(ISSUANCE).getByTestId('issuance-table').getByText('北京市').waitFor();
    await pane(ISSUANCE).getByTestId('issuance-blocks').locator('tbody tr').first().waitFor();
  });
});
