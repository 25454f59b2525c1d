import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { walletApi } from './walletApi.ts';

/** The query key of every wallet's history pages; invalidate it after anything that moves tokens. */
export const TRANSACTIONS_KEY = 'wallet-transactions';

/** Pending lines change once the indexer confirms them: read again every few seconds while there are some. */
const PENDING_POLL_MS = 5_000;

/** One page of a wallet's history, newest first, polled while a line is still pending. */
export function useTransactions(walletId: string | undefined, current: number, size: number) {
  return useQuery({
    queryKey: [TRANSACTIONS_KEY, walletId, current, size],
    queryFn: () => walletApi.transactions(walletId ?? '', current, size),
    enabled: walletId !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.records.some((tx) => tx.status === 'pending') ? PENDING_POLL_MS : false,
  });
}
