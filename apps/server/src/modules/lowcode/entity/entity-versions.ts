import type { Cache } from '../../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../types.ts';
import type { EntityRepo } from './entity.repo.ts';

/** Entities whose synced version is kept; beyond it the least recently used is read again when next asked. */
const VERSIONS_MAX = 10_000;

/**
 * The version each entity's table is synced at, known without a query on every call of its data. Kept per (tenant,
 * entity), so a tenant asking for another's entity is told what a query under its own scope would tell it. Whatever
 * changes a table or its synced definition calls `forget` once that has committed; the cache registry carries the
 * drop to every other process through the bus. Only synced entities are kept: an unknown or unsynced one is asked
 * for again, so its first sync needs no drop to be seen.
 */
export class EntityVersions {
  private readonly cache: Cache<number>;

  constructor(
    private readonly repo: EntityRepo,
    caches: CacheRegistry,
  ) {
    this.cache = caches.cache({ name: 'lowcode.entityVersions', max: VERSIONS_MAX });
  }

  /** The entity's synced version; not found when it does not exist for the caller, refused before its first sync. */
  async of(ctx: AuthContext, entId: string): Promise<number> {
    return this.cache.load(`${ctx.tenantId}:${entId}`, async () => {
      const version = await this.repo.syncedVersion(entId);
      if (version === undefined) {
        throw notFound();
      }
      if (version === 0) {
        throw badRequest('entity.notSynced');
      }
      return version;
    });
  }

  /** The entity's table or synced definition changed (or it is gone): its version is read again, here and elsewhere. */
  forget(entId: string): void {
    for (const key of this.cache.keys()) {
      if (key.endsWith(`:${entId}`)) {
        this.cache.delete(key);
      }
    }
  }
}
