import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WalletRow } from '@yuan/contract';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import '../../../shared/i18n/walletToolsTexts.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { useChosenWallet } from '../wallet/useWallets.ts';
import { ExchangePage } from './ExchangePage.tsx';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

const HASH = `0x${'d'.repeat(64)}`;
const wallet: WalletRow = {
  id: '7',
  name: 'Main',
  address: '0x1234567890abcdef1234567890abcdef12345678',
  email: 'a@b.co',
  createTime: '2026-01-02 03:04:05',
};

/** Answers the wallet calls by path; an answer that throws stands for a call that got no answer. */
function serve(answers: Record<string, (body: Record<string, unknown>) => unknown>) {
  const posted: { path: string; body: Record<string, unknown> }[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url), 'http://x').pathname.replace('/api/yuan-api/', '');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    posted.push({ path, body });
    const answer = answers[path];
    if (!answer) {
      throw new Error(`unexpected call ${path}`);
    }
    return envelope(answer(body));
  });
  return posted;
}

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
      'clientApp/getYuanInfo': () => ({
        walletId: '7',
        name: 'Main',
        address: wallet.address,
        eth: '1',
        ybi: '10',
        ybiPriceEth: '0.002',
        chainId: 31337,
      }),
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
    useChosenWallet.setState({ id: undefined });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderInApp(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ExchangePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
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
