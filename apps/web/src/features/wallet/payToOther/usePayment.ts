import type { PaymentAnswer } from '@yuan/contract';
import { useRef, useState } from 'react';
import {
  type Attempt,
  afterOutcome,
  attemptFor,
  newRequestId,
  outcomeOf,
  paymentKey,
} from '../shared/requestId.ts';
import { useWalletRefresh } from '../shared/useWalletRefresh.ts';
import { type PayProof, walletApi } from '../shared/walletApi.ts';

export interface PayRequest {
  walletId: string;
  /** A 0x address (a payee picked from the list is sent as its address). */
  to: string;
  amount: string;
  proof: PayProof;
}

/** A payment the server took: its answer and what was paid to whom (never the proof). */
export interface PaidResult {
  answer: PaymentAnswer;
  to: string;
  amount: string;
}

/**
 * Sends YBI with a request id that lives as long as the payment's fate is unknown (see requestId.ts): after no
 * answer, paying the same again reuses it and the server answers the first payment instead of paying twice.
 */
export function usePayment() {
  const refresh = useWalletRefresh();
  const pending = useRef<Attempt | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PaidResult | null>(null);
  /** The last attempt got no answer: it may have been paid. */
  const [unknown, setUnknown] = useState(false);

  /** Resolves true once paid; a failure was already shown (the request client's toast) and resolves false. */
  const pay = async (request: PayRequest): Promise<boolean> => {
    const amount = request.amount.trim();
    const to = request.to.trim();
    const attempt = attemptFor(
      pending.current,
      paymentKey({ walletId: request.walletId, to, amount }),
      newRequestId,
    );
    pending.current = attempt;
    setBusy(true);
    setResult(null);
    try {
      const answer = await walletApi.send({
        walletId: request.walletId,
        to,
        amount,
        requestId: attempt.requestId,
        ...request.proof,
      });
      pending.current = afterOutcome(attempt, 'paid');
      setUnknown(false);
      setResult({ answer, to, amount });
      // Balances and history are read again in the background; the hash is already on screen.
      void refresh();
      return true;
    } catch (error) {
      const outcome = outcomeOf(error);
      pending.current = afterOutcome(attempt, outcome);
      setUnknown(outcome === 'unknown');
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { pay, busy, result, unknown, clearResult: () => setResult(null) };
}
