import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import {
  renderWalletScreen,
  SAMPLE_WALLET,
  sampleWalletInfo,
  serveWalletCalls,
  type WalletAnswers,
} from '../../../test/walletScreen.tsx';
import { ExchangePage } from './ExchangePage.tsx';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

const HASH = `0x${'d'.repeat(64)}`;
const wallet = SAMPLE_WALLET;

const serve = (answers: WalletAnswers) => serveWalletCalls(fetchMock, answers);

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function swapAndConfirm() {
  await waitFor(() => expect(screen.getByTestId('exchange-submit').hasAttribute('disabled')).toBe(false));
  fireEvent.click(screen.getByTestId('exchange-submit'));
  const dialog = within(await screen.findByTestId('exchange-confirm'));
  fireEvent.click(dialog.getByRole('button', { name: '确认兑换' }));
  await waitFor(() => expect(screen.queryByTestId('exchange-confirm')).toBeNull());
}

describe('exchange payment', { timeout: 90_000 }, () => {
  it('quotes the settled amount, bounds the swap by the slippage and retries an unanswered swap under its id', async () => {
    let swaps = 0;
    const posted = serve({
      'clientApp/listWallets': () => [wallet],
      'clientApp/getYuanInfo': () => sampleWalletInfo({ ybiPriceEth: '0.002' }),
      'clientApp/ybiToEth': (body) => {
        if (body.requestId === undefined) {
          return { amountIn: body.amountIn, amountOut: '0.004', priceImpactPercent: 0.25 };
        }
        swaps += 1;
        if (swaps === 1) {
          throw new TypeError('Failed to fetch');
        }
        return { requestId: body.requestId, txHash: HASH, status: 'pending' };
      },
    });
    renderWalletScreen(<ExchangePage />);
    await waitFor(() => expect(screen.getByTestId('exchange-balance').textContent).toContain('10'));

    // Typed quickly: only the amount the typing settled on is quoted.
    type('exchange-amount', '1');
    type('exchange-amount', '2');
    await waitFor(() => expect(screen.getByTestId('exchange-quote-out').textContent).toContain('0.004'));
    expect(screen.getByTestId('exchange-quote-min').textContent).toContain('0.00396');
    const quoted = posted.filter((p) => p.path === 'clientApp/ybiToEth').map((p) => p.body.amountIn);
    expect(quoted).toEqual(['2']);

    fireEvent.click(within(screen.getByTestId('exchange-slippage')).getByText('3 %'));
    await waitFor(() => expect(screen.getByTestId('exchange-quote-min').textContent).toContain('0.00388'));
    type('exchange-password', 'secret');
    await swapAndConfirm();
    await screen.findByTestId('exchange-unknown');

    // Pressing again for the same swap sends the same request id: it cannot sell twice.
    await swapAndConfirm();
    const result = await screen.findByTestId('exchange-result');
    expect(result.getAttribute('data-status')).toBe('pending');
    expect(screen.getByTestId('exchange-result-hash').textContent).toContain(HASH);
    const sent = posted.filter((p) => p.path === 'clientApp/ybiToEth' && p.body.requestId).map((p) => p.body);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ walletId: '7', amountIn: '2', minOut: '0.00388', password: 'secret' });
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
    // The balances are read again after the swap.
    await waitFor(() =>
      expect(posted.filter((p) => p.path === 'clientApp/getYuanInfo').length).toBeGreaterThan(1),
    );
  });
});
