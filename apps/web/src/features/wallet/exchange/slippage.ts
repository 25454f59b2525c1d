import { toUnits } from '../shared/amount.ts';

/** Slippage in basis points (1 % = 100): whole numbers keep the arithmetic exact. */
export type Bps = number;

export const SLIPPAGE_CHOICES: readonly Bps[] = [50, 100, 300];
export const SLIPPAGE_DEFAULT: Bps = 100;
/** Above this a swap would accept losing most of its value to a moved price: a typo, not a wish. */
export const SLIPPAGE_MAX: Bps = 5000;

const WHOLE = 10n ** 18n;

/** Units of 10^-18 as decimal text with at most 18 decimals and no trailing zeros. */
export function fromUnits(units: bigint): string {
  const whole = units / WHOLE;
  const fraction = (units % WHOLE).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * A custom slippage typed in percent ("0.5", "2", "12.25") as basis points; null unless it is above 0, at most
 * SLIPPAGE_MAX and has at most two decimals (a finer step means nothing for a swap).
 */
export function parseSlippage(text: string): Bps | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) {
    return null;
  }
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps > 0 && bps <= SLIPPAGE_MAX ? bps : null;
}

/** Basis points as the percent a person reads ("1", "0.5"). */
export function slippagePercent(bps: Bps): string {
  return fromUnits((BigInt(bps) * WHOLE) / 100n);
}

/**
 * The least ETH the swap may pay: the quote less the slippage, rounded down to 18 decimals, so the bound never
 * asks for more than the quote allowed. A quote with more than 18 decimals is cut first (also down).
 */
export function minOutOf(amountOut: string, slippage: Bps): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amountOut.trim());
  if (!match || !Number.isInteger(slippage) || slippage < 0 || slippage > 10_000) {
    throw new Error(`minOutOf: ${amountOut} at ${slippage} bps`);
  }
  const units = toUnits(`${match[1]}.${(match[2] ?? '').slice(0, 18)}`) ?? 0n;
  return fromUnits((units * BigInt(10_000 - slippage)) / 10_000n);
}
