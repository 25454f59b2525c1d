import type { Database } from '../../db/index.ts';
import type { SessionRepo } from './session.repo.ts';

/**
 * Answers "is this session still live?" for every authenticated call. A short in-process cache keeps the check off
 * the database on hot paths; a revoke on this node takes effect at once, on other nodes within TTL_MS.
 */
const TTL_MS = 2_000;
const MAX_ENTRIES = 50_000;

export class SessionGuard {
  private readonly cache = new Map<string, { live: boolean; at: number }>();

  constructor(
    private readonly repo: SessionRepo,
    private readonly database: Database,
  ) {}

  /** Runs before the request's own scope exists, so it opens a short one for the token's tenant. */
  async isLive(sessionId: string, tenantId: string): Promise<boolean> {
    const now = Date.now();
    const hit = this.cache.get(sessionId);
    if (hit && now - hit.at < TTL_MS) {
      return hit.live;
    }
    const row = await this.database.run({ tenantId }, () => this.repo.findSession(sessionId));
    const live = !!row && row.revoked_at === null && new Date(row.expires_at).getTime() > now;
    if (this.cache.size >= MAX_ENTRIES) {
      this.cache.clear();
    }
    this.cache.set(sessionId, { live, at: now });
    return live;
  }

  /** Inside a scope that can see the session. */
  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.repo.revokeSession(sessionId, reason);
    this.cache.set(sessionId, { live: false, at: Date.now() });
  }

  clear(): void {
    this.cache.clear();
  }
}
