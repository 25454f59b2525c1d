import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WalletRow } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { setUpRequests } from '../../../test/requestHarness.ts';
import {
  renderWalletScreen,
  SAMPLE_WALLET,
  sampleWalletInfo,
  serveWalletCalls,
  type WalletAnswers,
} from '../../../test/walletScreen.tsx';
import { WalletHomePage } from './WalletHomePage.tsx';

initI18n();
const { fetchMock } = setUpRequests();

const wallet = SAMPLE_WALLET;

const serve = (answers: WalletAnswers) => serveWalletCalls(fetchMock, answers);

function open() {
  renderWalletScreen(<WalletHomePage />);
}

const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('wallet first page', { timeout: 60_000 }, () => {
  it('offers to create a wallet, checks the form with the server rules, then shows the new wallet', async () => {
    let wallets: WalletRow[] = [];
    const posted = serve({
      'clientApp/listWallets': () => wallets,
      'clientApp/createWallet': () => {
        wallets = [wallet];
        return wallet;
      },
      'clientApp/getYuanInfo': () =>
        sampleWalletInfo({ eth: '1.5', ybi: '1234.56789', ybiPriceEth: '0.0005' }),
    });
    open();
    await screen.findByTestId('wallet-empty');
    fireEvent.click(screen.getByTestId('wallet-create'));
    const dialog = within(await screen.findByTestId('wallet-create-dialog'));
    fireEvent.click(dialog.getByRole('button', { name: '创建钱包' }));
    await waitFor(() =>
      expect(errors()).toEqual([
        '钱包密码至少6位',
        '请再次输入钱包密码',
        '请输入正确的邮箱',
        '请阅读并同意协议',
      ]),
    );

    type('wallet-form-password', '12345');
    type('wallet-form-password2', '123456');
    type('wallet-form-email', 'not-mail');
    await waitFor(() =>
      expect(errors()).toEqual([
        '钱包密码至少6位',
        '两次密码输入不一致',
        '请输入正确的邮箱',
        '请阅读并同意协议',
      ]),
    );

    type('wallet-form-name', ' Main ');
    type('wallet-form-password', '123456');
    type('wallet-form-email', 'a@b.co');
    fireEvent.click(screen.getByTestId('wallet-form-agreed'));
    fireEvent.click(dialog.getByRole('button', { name: '创建钱包' }));

    expect((await screen.findByTestId('wallet-address')).textContent).toContain(wallet.address);
    expect(posted.find((p) => p.path === 'clientApp/createWallet')?.body).toEqual({
      name: 'Main',
      password: '123456',
      password2: '123456',
      email: 'a@b.co',
      agreed: true,
    });
    await waitFor(() => expect(screen.getByTestId('wallet-ybi').textContent).toBe('1,234.56789'));
    expect(screen.getByTestId('wallet-ybi').getAttribute('data-value')).toBe('1234.56789');
    expect(screen.getByTestId('wallet-eth').textContent).toBe('1.5');
    expect(screen.getByTestId('wallet-price').textContent).toBe('0.0005');
    expect(screen.getByTestId('wallet-chain').textContent).toBe('31337');
  });

  it('imports a wallet only with a private key of 64 hex digits (66 with 0x)', async () => {
    const posted = serve({
      'clientApp/listWallets': () => [],
      'clientApp/importWallet': () => wallet,
    });
    open();
    await screen.findByTestId('wallet-empty');
    fireEvent.click(screen.getByTestId('wallet-import'));
    const dialog = within(await screen.findByTestId('wallet-import-dialog'));
    type('wallet-form-private-key', '0x1234');
    type('wallet-form-password', '123456');
    type('wallet-form-password2', '123456');
    type('wallet-form-email', 'a@b.co');
    fireEvent.click(screen.getByTestId('wallet-form-agreed'));
    fireEvent.click(dialog.getByRole('button', { name: '导入钱包' }));
    await waitFor(() => expect(errors()).toEqual(['私钥长度应为64位（带0x前缀为66位）']));

    type('wallet-form-private-key', `0x${'a'.repeat(64)}`);
    fireEvent.click(dialog.getByRole('button', { name: '导入钱包' }));
    await waitFor(() => expect(posted.some((p) => p.path === 'clientApp/importWallet')).toBe(true));
    expect(posted.find((p) => p.path === 'clientApp/importWallet')?.body.privateKey).toBe(
      `0x${'a'.repeat(64)}`,
    );
  });
});
