import type { Kdb } from '../../../db/index.ts';
import type { RowRule, RowScope } from '../../../lib/crud/crud.repo.ts';
import type { Cache } from '../../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import type { AuthContext } from '../../../types.ts';
import { ADMINISTRATOR } from './api-scope.service.ts';

export const DATA_SCOPE = { all: 1, own: 2, ownDept: 3, deptAndChildren: 4, custom: 5 } as const;
const TTL_MS = 5_000;

/**
 * Data scopes granted to the caller's roles for a resource (matched on resourceCode = the resource name). No scope
 * granted means no limit; several scopes widen each other (OR); an "all" scope lifts the limit. The scope's column
 * is checked against the resource's columns by the repo, never trusted as SQL. Administrators are not limited.
 */
export class DataScopeService {
  private readonly cache: Cache<RowScope>;

  constructor(
    private readonly db: Kdb,
    caches: CacheRegistry,
  ) {
    // Dropped on every change; while one caller reloads an expired entry the others keep the old one (see Cache).
    this.cache = caches.cache({ name: 'system.dataScopes', max: 10_000, ttlMs: TTL_MS, staleMs: TTL_MS });
  }

  async rowsFor(ctx: AuthContext, resource: string): Promise<RowScope> {
    if (ctx.roleNames.includes(ADMINISTRATOR)) {
      return null;
    }
    const key = `${ctx.tenantId}|${[...ctx.roleIds].sort().join(',')}|${resource}|${ctx.userId}|${ctx.deptId}`;
    return this.cache.load(key, async () => {
      const scopes = ctx.roleIds.length
        ? await this.db
            .selectFrom('yuan_role_scope as rs')
            .innerJoin('yuan_scope_data as s', 's.id', 'rs.scope_id')
            .select(['s.scope_type', 's.scope_column', 's.scope_value'])
            .where('rs.tenant_id', '=', ctx.tenantId)
            .where('rs.role_id', 'in', ctx.roleIds)
            .where('rs.scope_category', '=', 1)
            .where('s.resource_code', '=', resource)
            .where('s.is_deleted', '=', 0)
            .execute()
        : [];
      return toRows(ctx, scopes);
    });
  }

  clear(): void {
    this.cache.clear();
  }
}

function toRows(
  ctx: AuthContext,
  scopes: { scope_type: number; scope_column: string | null; scope_value: string | null }[],
): RowScope {
  if (scopes.length === 0 || scopes.some((s) => s.scope_type === DATA_SCOPE.all)) {
    return null;
  }
  return scopes.map((s): RowRule => {
    switch (s.scope_type) {
      case DATA_SCOPE.own:
        return { column: s.scope_column || 'create_user', op: 'eq', value: ctx.userId };
      case DATA_SCOPE.ownDept:
        return { column: s.scope_column || 'create_dept', op: 'eq', value: ctx.deptId };
      case DATA_SCOPE.deptAndChildren:
        return { column: s.scope_column || 'create_dept', op: 'deptTree', deptId: ctx.deptId };
      case DATA_SCOPE.custom:
        return {
          column: s.scope_column || 'create_dept',
          op: 'in',
          values: (s.scope_value ?? '').split(',').filter((v) => /^\d{1,19}$/.test(v)),
        };
      default:
        return { op: 'none' };
    }
  });
}
