import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { walletApi } from './walletApi.ts';

/** The wallet the wallet screens act on, shared between them; unset means the first of the list. */
export const useChosenWallet = create<{ id: string | undefined; choose: (id: string) => void }>((set) => ({
  id: undefined,
  choose: (id) => set({ id }),
}));

/** The user's wallets and the chosen one (the first when none was chosen or the chosen one is gone). */
export function useWallets() {
  const query = useQuery({ queryKey: ['wallets'], queryFn: walletApi.list });
  const chosenId = useChosenWallet((s) => s.id);
  const choose = useChosenWallet((s) => s.choose);
  const wallets = query.data ?? [];
  const current = wallets.find((w) => w.id === chosenId) ?? wallets[0];
  return { query, wallets, current, choose };
}

/** The chosen wallet's balances read from the chain. */
export function useWalletInfo(walletId: string | undefined) {
  return useQuery({
    queryKey: ['wallet-info', walletId],
    queryFn: () => walletApi.info(walletId),
    enabled: walletId !== undefined,
  });
}
