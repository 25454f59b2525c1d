import { RequestError } from '../../../shared/api/http.ts';
import { normalizeAmount } from './format.ts';

/**
 * One payment the user means to make and the id the server knows it by. The server answers a repeated id with the
 * first result and never pays twice, so the id must live exactly as long as the payment's fate is unknown.
 */
export interface Attempt {
  key: string;
  requestId: string;
}

/** How a submission ended: paid, refused by the server (nothing paid), or unknown (no answer came back). */
export type Outcome = 'paid' | 'refused' | 'unknown';

/** The same payer, payee and amount is the same payment; the proof may be typed again on a retry. */
export function paymentKey(payment: { walletId: string; to: string; amount: string }): string {
  return [payment.walletId, payment.to.trim().toLowerCase(), normalizeAmount(payment.amount)].join('|');
}

/** The attempt of a submission: a retry of the pending payment reuses its id, anything else gets a fresh one. */
export function attemptFor(pending: Attempt | null, key: string, fresh: () => string): Attempt {
  return pending !== null && pending.key === key ? pending : { key, requestId: fresh() };
}

/**
 * What stays pending after an attempt: only one without an answer, since the server may have paid it (the retry
 * then learns that result instead of paying again). A payment or a refusal closes it: a refused id would answer
 * the same refusal even after the user fixed the password.
 */
export function afterOutcome(attempt: Attempt, outcome: Outcome): Attempt | null {
  return outcome === 'unknown' ? attempt : null;
}

/**
 * A failure's outcome: no answer (network, time-out) or a server or gateway failure (5xx, possibly after sending)
 * leave it unknown; any other answer is the server refusing the request before paying.
 */
export function outcomeOf(error: unknown): Outcome {
  if (error instanceof RequestError) {
    return error.status === 0 || error.status >= 500 ? 'unknown' : 'refused';
  }
  return 'unknown';
}

/**
 * A new request id. crypto.randomUUID exists only in secure contexts (https, localhost); an intranet http address
 * still has getRandomValues, and 32 hex digits fit the server's rule as well.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
