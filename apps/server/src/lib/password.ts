import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** Argon2id at OWASP's minimum: 19 MiB, two passes, one lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) {
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A hash of a random password: verifying against it costs the same as a real one (no user enumeration by timing). */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
}
