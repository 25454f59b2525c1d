import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 in hex (strings as UTF-8): stored tokens, codes and states, and the providers' request signatures. */
export const sha256Hex = (value: string | Uint8Array) => createHash('sha256').update(value).digest('hex');

/** Compares two secrets' digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
