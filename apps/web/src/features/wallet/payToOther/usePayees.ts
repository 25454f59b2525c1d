import { useQuery } from '@tanstack/react-query';
import { walletApi } from '../shared/walletApi.ts';

/** The query key of the user's payees; invalidate it after adding one. */
export const PAYEES_KEY = 'wallet-payees';

/** The user's payees, read once and filtered in the browser while typing (a user keeps a handful). */
export function usePayees() {
  return useQuery({ queryKey: [PAYEES_KEY], queryFn: () => walletApi.payees() });
}
