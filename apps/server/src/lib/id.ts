import { randomInt } from 'node:crypto';

/** Snowflake-style 64-bit ids: 41 bits of milliseconds since 2024-01-01, 10 bits of node, 12 bits of sequence. */
const EPOCH = 1_704_067_200_000n;
// NODE_ID (0–1023) keeps ids of several server processes apart; unset or empty picks one at random.
const node = BigInt(Number(process.env.NODE_ID?.trim() || randomInt(0, 1024)) & 1023);
let lastMs = 0n;
let seq = 0n;

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) {
    // The clock went back: keep counting from the last instant rather than reuse ids.
    now = lastMs;
  }
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) {
      now = lastMs + 1n;
    }
  } else {
    seq = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (node << 12n) | seq).toString();
}
