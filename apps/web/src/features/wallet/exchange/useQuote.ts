import { useQuery } from '@tanstack/react-query';
import { tokenAmount } from '@yuan/contract/wallet/wallet';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { walletApi } from '../shared/walletApi.ts';

/** The quote follows the typed amount once typing rests this long (SPEC: ybiToEth is debounced). */
export const QUOTE_DEBOUNCE_MS = 400;
/** The pool moves while the user reads: a shown quote is asked again this often. */
const QUOTE_REFRESH_MS = 15_000;

/**
 * What the typed YBI amount would pay in ETH now. `settled` says whether the quote is for the amount as typed (not
 * an earlier one still shown while the new one is on its way); only such a quote may bound a swap.
 */
export function useQuote(typed: string) {
  const amountIn = useDebouncedValue(typed.trim(), QUOTE_DEBOUNCE_MS);
  const valid = tokenAmount.safeParse(amountIn).success;
  const query = useQuery({
    queryKey: ['wallet-quote', amountIn],
    queryFn: () => walletApi.quote(amountIn),
    enabled: valid,
    refetchInterval: QUOTE_REFRESH_MS,
    retry: false,
  });
  // Without placeholder data a new amount has no data until its own quote came: the data is always this amount's.
  const quote = valid ? query.data : undefined;
  const settled = quote !== undefined && amountIn === typed.trim();
  return { quote, settled, loading: valid && query.isFetching, failed: valid && query.isError };
}
