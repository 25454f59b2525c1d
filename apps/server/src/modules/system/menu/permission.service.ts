import type { Database } from '../../../db/index.ts';
import { inScope } from '../../../db/scope.ts';
import { forbidden, unauthorized } from '../../../lib/errors.ts';
import type { Cache } from '../../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import type { AuthContext } from '../../../types.ts';
import type { MenuRepo } from './menu.repo.ts';
import { type Maybe, andThen } from '../../../lib/maybe.ts';

const TTL_MS = 5_000;

/**
 * Server-side permission checks: a route names the menu or button code it needs, and the caller's roles must have
 * been granted it. Grants are cached briefly per tenant and role set; `clear` drops them after a grant change.
 */
export class PermissionService {
  private readonly cache: Cache<Set<string>>;

  constructor(
    private readonly repo: MenuRepo,
    private readonly database: Database,
    caches: CacheRegistry,
  ) {
    // A grant change drops the cache (here and, through the bus, on every node), so the time to live is only a
    // backstop: while one caller reloads an expired set, the others keep the old one rather than all waiting for it.
    this.cache = caches.cache({ name: 'system.permissions', max: 10_000, ttlMs: TTL_MS, staleMs: TTL_MS });
  }

  /** Inside or outside a scope: a cache miss outside one opens a short scope of the caller's tenant. */
  codes(ctx: AuthContext): Maybe<Set<string>> {
    const key = `${ctx.tenantId}|${[...ctx.roleIds].sort().join(',')}`;
    return this.cache.now(key, async () => {
      const load = () => this.repo.grantedCodes(ctx.tenantId, ctx.roleIds);
      return new Set(inScope() ? await load() : await this.database.run({ tenantId: ctx.tenantId }, load));
    });
  }

  /** Any one of the codes will do (a resource managed from several screens). */
  require(ctx: AuthContext | null, code: string | string[]): Maybe<void> {
    if (!ctx) {
      throw unauthorized();
    }
    return andThen(this.codes(ctx), (granted) => {
      if (![code].flat().some((c) => granted.has(c))) {
        throw forbidden();
      }
    });
  }

  clear(): void {
    this.cache.clear();
  }
}
