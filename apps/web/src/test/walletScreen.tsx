import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WalletRow } from '@yuan/contract';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { Mock } from 'vitest';
import type { WalletInfo } from '../features/wallet/shared/walletApi.ts';
import { useChosenWallet } from '../features/wallet/shared/useWallets.ts';
import { renderInApp } from './renderScreen.tsx';
import { envelope } from './responses.ts';

/** The one wallet the wallet screens' tests list. */
export const SAMPLE_WALLET: WalletRow = {
  id: '7',
  name: 'Main',
  address: '0x1234567890abcdef1234567890abcdef12345678',
  email: 'a@b.co',
  createTime: '2026-01-02 03:04:05',
};

/** The balances `getYuanInfo` answers for the sample wallet; a test names what it looks at. */
export function sampleWalletInfo(overrides: Partial<WalletInfo> = {}): WalletInfo {
  return {
    walletId: SAMPLE_WALLET.id,
    name: SAMPLE_WALLET.name,
    address: SAMPLE_WALLET.address,
    eth: '1',
    ybi: '10',
    ybiPriceEth: '0.001',
    chainId: 31337,
    ...overrides,
  };
}

export type WalletAnswers = Record<string, (body: Record<string, unknown>) => unknown>;

/**
 * Answers the wallet calls (`/api/yuan-api/<path>`) by path, as the server would; an answer that throws stands for
 * a call that got no answer. Answers what was posted, in order.
 */
export function serveWalletCalls(fetchMock: Mock<typeof fetch>, answers: WalletAnswers) {
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

/** Renders a wallet screen as the app does, with no wallet chosen yet and no query retried. */
export function renderWalletScreen(ui: ReactElement): void {
  useChosenWallet.setState({ id: undefined });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
