import type { Database } from '../../../db/index.ts';
import { inScope } from '../../../db/scope.ts';
import { forbidden } from '../../../lib/errors.ts';
import { type Maybe, andThen } from '../../../lib/maybe.ts';
import type { Cache } from '../../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import type { AuthContext } from '../../../types.ts';

const TTL_MS = 5_000;
export const ADMINISTRATOR = 'administrator';

/** A scope path matches a request path exactly, or as a prefix when it ends in '*' ('/api/yuan-system/post/*'). */
export function pathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

/**
 * API scopes: a path named by any API scope may be called only by roles granted one of the scopes naming it.
 * Paths no scope names stay open to whoever has the route's permission. Administrators are not limited.
 */
export class ApiScopeService {
  /** Every API scope (a platform table, the same for all tenants). */
  private readonly all: Cache<{ id: string; path: string }[]>;
  private readonly granted: Cache<Set<string>>;

  constructor(
    private readonly database: Database,
    caches: CacheRegistry,
  ) {
    // Dropped on every change; while one caller reloads an expired entry the others keep the old one (see Cache).
    this.all = caches.cache({ name: 'system.apiScopes', max: 1, ttlMs: TTL_MS, staleMs: TTL_MS });
    this.granted = caches.cache({
      name: 'system.apiScopeGrants',
      max: 10_000,
      ttlMs: TTL_MS,
      staleMs: TTL_MS,
    });
  }

  private load<T>(tenantId: string, fn: () => Promise<T>): Promise<T> {
    return inScope() ? fn() : this.database.run({ tenantId }, fn);
  }

  require(ctx: AuthContext, path: string): Maybe<void> {
    // The administrator role is never limited, so a scope cannot lock the platform's own managers out.
    if (ctx.roleNames.includes(ADMINISTRATOR)) {
      return;
    }
    const all = this.all.now('all', async () => {
      const rows = await this.load(ctx.tenantId, () =>
        this.database.db
          .selectFrom('yuan_scope_api')
          .select(['id', 'scope_path'])
          .where('is_deleted', '=', 0)
          .execute(),
      );
      return rows.map((r) => ({ id: r.id, path: r.scope_path }));
    });
    return andThen(all, (scopes) => {
      const naming = scopes.filter((s) => pathMatches(s.path, path));
      if (naming.length === 0) {
        return;
      }
      return andThen(this.grantedTo(ctx), (mine) => {
        if (!naming.some((s) => mine.has(s.id))) {
          throw forbidden();
        }
      });
    });
  }

  /** The API scopes granted to the caller's roles. */
  private grantedTo(ctx: AuthContext): Maybe<Set<string>> {
    const key = `${ctx.tenantId}|${[...ctx.roleIds].sort().join(',')}`;
    return this.granted.now(key, async () => {
      const rows = ctx.roleIds.length
        ? await this.load(ctx.tenantId, () =>
            this.database.db
              .selectFrom('yuan_role_scope')
              .select('scope_id')
              .where('tenant_id', '=', ctx.tenantId)
              .where('role_id', 'in', ctx.roleIds)
              .where('scope_category', '=', 2)
              .execute(),
          )
        : [];
      return new Set(rows.map((r) => r.scope_id));
    });
  }

  clear(): void {
    this.all.clear();
    this.granted.clear();
  }
}
