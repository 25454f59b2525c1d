/** How the wallet screens write amounts, hashes and addresses (pure, so the rules are tested once). */

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * A token amount (decimal text, up to 18 decimals) grouped by thousands and cut, not rounded, to `decimals`
 * places with trailing zeros dropped: a balance is never shown above what it is. A dust amount that the cut would
 * show as 0 reads "< 0.000001" instead, so a non-empty wallet never looks empty.
 */
export function formatAmount(value: string | null | undefined, decimals = 6): string {
  if (value === null || value === undefined || value.trim() === '') {
    return '-';
  }
  const match = DECIMAL.exec(value.trim());
  if (!match) {
    return value;
  }
  const [, sign = '', whole = '', fraction = ''] = match;
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  const cut = fraction.slice(0, decimals).replace(/0+$/, '');
  if (digits === '0' && cut === '') {
    return /[1-9]/.test(fraction) ? `< 0.${'0'.repeat(Math.max(decimals - 1, 0))}1` : '0';
  }
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${cut ? `.${cut}` : ''}`;
}

/** A hash or an address shortened to its head and tail (0x1234…abcd); short texts stay whole. */
export function shortHash(value: string | null | undefined, head = 6, tail = 4): string {
  if (!value) {
    return '-';
  }
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** Decimal text without the zeros that do not change its value ("01.50" → "1.5"), to compare amounts as typed. */
export function normalizeAmount(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) {
    return value.trim();
  }
  const [, sign = '', whole = '', fraction = ''] = match;
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  const cut = fraction.replace(/0+$/, '');
  return `${sign}${digits}${cut ? `.${cut}` : ''}`;
}
