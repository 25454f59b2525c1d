const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const STEP = 1024;

/**
 * A byte count as people read it: 1 decimal from KB up (trailing .0 dropped), whole bytes below. The server sends
 * the bigint column as a string, so strings are accepted; anything not a non-negative number shows as ''.
 */
export function formatSize(value: unknown): string {
  const bytes = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) {
    return '';
  }
  let size = bytes;
  let unit = 0;
  while (size >= STEP && unit < UNITS.length - 1) {
    size /= STEP;
    unit += 1;
  }
  const shown = unit === 0 ? String(size) : size.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${UNITS[unit]}`;
}
