import { invalidGrant, type OAuthError } from '../../lib/errors.ts';
import type { AuthRepo } from './auth.repo.ts';

/** The sign-in lock's keys for an account of a tenant signing in from an address: the account's first. */
export const lockKeysOf = (tenantId: string, account: string, ip: string) => [
  `acct:${tenantId}:${account.toLowerCase()}`,
  `ip:${ip}`,
];

/**
 * The lock's refusal for these keys, with the minutes left, or undefined when none of them is locked: the password
 * and the second step count towards the same lock. Inside a scope of the tenant.
 */
export async function lockRefusal(repo: AuthRepo, keys: string[]): Promise<OAuthError | undefined> {
  const locked = await repo.lockedUntil(keys);
  if (locked.length === 0) {
    return undefined;
  }
  const until = Math.max(...locked.map((l) => new Date(l.locked_until ?? 0).getTime()));
  return invalidGrant('auth.locked', { minutes: Math.max(1, Math.ceil((until - Date.now()) / 60_000)) });
}
