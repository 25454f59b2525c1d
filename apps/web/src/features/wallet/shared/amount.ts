import { tokenAmount } from '@yuan/contract/wallet/wallet';

/** YBI and ETH both have 18 decimals: amounts are compared as whole units of 10^-18. */
const DECIMALS = 18;

/**
 * Decimal text as units of 10^-18 (BigInt, so 18 decimals keep every digit); null when the text is no plain
 * non-negative decimal with at most 18 decimals.
 */
export function toUnits(value: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{0,18}))?$/.exec(value.trim());
  if (!match) {
    return null;
  }
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 10n ** BigInt(DECIMALS) + BigInt(fraction.padEnd(DECIMALS, '0') || '0');
}

/**
 * Why an amount to pay cannot be sent, or null: `format` is the server's own rule (above 0, at most 18 decimals,
 * no exponent — the same schema checks it there), `balance` when it is more than the wallet holds (known only
 * here; the chain would refuse it after the fee was spent).
 */
export function amountProblem(value: string | undefined, balance?: string): 'format' | 'balance' | null {
  const text = (value ?? '').trim();
  if (!tokenAmount.safeParse(text).success) {
    return 'format';
  }
  const held = balance === undefined ? null : toUnits(balance);
  const wanted = toUnits(text);
  if (held !== null && wanted !== null && wanted > held) {
    return 'balance';
  }
  return null;
}
