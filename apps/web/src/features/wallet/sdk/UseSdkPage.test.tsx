import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { renderWalletScreen, SAMPLE_WALLET } from '../../../test/walletScreen.tsx';
import { UseSdkPage } from './UseSdkPage.tsx';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

const HASH = `0x${'e'.repeat(64)}`;
const wallet = SAMPLE_WALLET;

const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

describe('redeeming a code', { timeout: 60_000 }, () => {
  it('checks the code, redeems it into the chosen wallet and reads the balance again', async () => {
    const posted: { path: string; body: Record<string, unknown> }[] = [];
    let ybi = '1';
    fetchMock.mockImplementation(async (url, init) => {
      const path = new URL(String(url), 'http://x').pathname.replace('/api/yuan-api/', '');
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      posted.push({ path, body });
      if (path === 'clientApp/listWallets') {
        return envelope([wallet]);
      }
      if (path === 'clientApp/getYuanInfo') {
        return envelope({ walletId: '7', name: 'Main', address: wallet.address, eth: '0', ybi, chainId: 1 });
      }
      ybi = '6';
      return envelope({ amount: '5', txHash: HASH });
    });
    renderWalletScreen(<UseSdkPage />);
    await waitFor(() => expect(screen.getByTestId('redeem-balance').textContent).toContain('1'));
    fireEvent.change(screen.getByTestId('redeem-code'), { target: { value: 'bad code!' } });
    fireEvent.click(screen.getByTestId('redeem-submit'));
    await waitFor(() => expect(errors()).toEqual(['兑换码格式不正确']));

    fireEvent.change(screen.getByTestId('redeem-code'), { target: { value: ' AAAA-BBBB-0001 ' } });
    fireEvent.click(screen.getByTestId('redeem-submit'));
    await screen.findByTestId('redeem-result');
    expect(screen.getByTestId('redeem-result-hash').textContent).toContain(HASH);
    expect(screen.getByText('已兑换 5 YBI')).toBeTruthy();
    expect(posted.find((p) => p.path === 'sdk/use')?.body).toEqual({ code: 'AAAA-BBBB-0001', walletId: '7' });
    await waitFor(() => expect(posted.filter((p) => p.path === 'clientApp/getYuanInfo').length).toBe(2));
  });
});
