import type { Database } from '../../db/index.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../lib/cache/cache-registry.ts';
import type { SessionRepo } from './session.repo.ts';
import type { Maybe } from '../../lib/maybe.ts';

/**
 * Answers "is this session still live?" for every authenticated call. A short in-process cache keeps the check off
 * the database on hot paths. A revoke drops the entry here and, through the bus, on every node, so it takes effect at
 * once; TTL_MS is the backstop for a change the bus did not carry. While the caller that finds an entry expired checks
 * again, the session's other calls keep the last answer (for up to TTL_MS more) instead of all waiting for the check:
 * a dropped entry has no last answer, so a revoked session is never served from it.
 */
const TTL_MS = 2_000;
const MAX_ENTRIES = 50_000;

export class SessionGuard {
  private readonly cache: Cache<boolean>;

  constructor(
    private readonly repo: SessionRepo,
    private readonly database: Database,
    caches: CacheRegistry,
  ) {
    this.cache = caches.cache({ name: 'auth.sessions', max: MAX_ENTRIES, ttlMs: TTL_MS, staleMs: TTL_MS });
  }

  /** Runs before the request's own scope exists, so it opens a short one for the token's tenant. */
  isLive(sessionId: string, tenantId: string): Maybe<boolean> {
    return this.cache.now(sessionId, async () => {
      const row = await this.database.run({ tenantId }, () => this.repo.findSession(sessionId));
      return !!row && row.revoked_at === null && new Date(row.expires_at).getTime() > Date.now();
    });
  }

  /** Inside a scope that can see the session. */
  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.repo.revokeSession(sessionId, reason);
    // Dropped first, so a check already under way cannot store "live" after the revoke.
    this.cache.delete(sessionId);
    this.cache.set(sessionId, false);
  }
}
