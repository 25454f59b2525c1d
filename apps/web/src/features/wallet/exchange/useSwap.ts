import { useQueryClient } from '@tanstack/react-query';
import type { PaymentAnswer } from '@yuan/contract/wallet/wallet';
import { useRef, useState } from 'react';
import { normalizeAmount } from '../shared/format.ts';
import { type Attempt, afterOutcome, attemptFor, newRequestId, outcomeOf } from '../shared/requestId.ts';
import { type PayProof, walletApi } from '../shared/walletApi.ts';

export interface SwapOrder {
  walletId: string;
  amountIn: string;
  minOut: string;
}

/** The same wallet selling the same amount is the same swap; the bound and the proof may change on a retry. */
export function swapKey(order: SwapOrder): string {
  return ['swap', order.walletId, normalizeAmount(order.amountIn)].join('|');
}

/**
 * The swap with its request id: one id per submission, kept while the swap's fate is unknown (no answer came), so
 * pressing again after a time-out learns the first result instead of selling twice. A result refreshes balances.
 */
export function useSwap() {
  const client = useQueryClient();
  const pending = useRef<Attempt | null>(null);
  const [answer, setAnswer] = useState<PaymentAnswer | null>(null);
  // A swap sent without an answer may have gone through: the page says so until a retry learns its fate.
  const [unknown, setUnknown] = useState(false);

  const swap = async (order: SwapOrder, proof: PayProof): Promise<PaymentAnswer> => {
    const attempt = attemptFor(pending.current, swapKey(order), newRequestId);
    pending.current = attempt;
    try {
      const paid = await walletApi.swap({ ...order, ...proof, requestId: attempt.requestId });
      pending.current = afterOutcome(attempt, 'paid');
      setUnknown(false);
      setAnswer(paid);
      void client.invalidateQueries({ queryKey: ['wallet-info'] });
      return paid;
    } catch (error) {
      pending.current = afterOutcome(attempt, outcomeOf(error));
      setUnknown(pending.current !== null);
      throw error;
    }
  };

  return { swap, answer, unknown, clear: () => setAnswer(null) };
}
