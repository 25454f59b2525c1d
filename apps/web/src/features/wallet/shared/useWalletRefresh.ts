import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TRANSACTIONS_KEY } from './useTransactions.ts';

/** After a payment, a swap or a refresh click: every wallet's balances and history are read again. */
export function useWalletRefresh(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['wallet-info'] }),
      client.invalidateQueries({ queryKey: [TRANSACTIONS_KEY] }),
    ]);
  }, [client]);
}
