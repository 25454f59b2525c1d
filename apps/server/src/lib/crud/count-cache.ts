import { TtlCache } from '../ttl-cache.ts';

/**
 * Page totals without an exact count(*) on every call: a total is kept per (tenant, table, filter) and dropped when
 * this node writes to that tenant's table. Writes on other nodes show up within TTL_MS (the TtlCache's spread and
 * shared loads apply).
 */
const TTL_MS = 10_000;

/** The key whose totals a write to a table drops: one tenant's rows of it, or '*' for platform tables. */
export const tableScope = (tenantId: string | '*', table: string) => `${tenantId}|${table}`;
const MAX_ENTRIES = 20_000;

export class CountCache {
  private readonly totals = new TtlCache<number>(TTL_MS, MAX_ENTRIES);
  /** A write bumps its table scope's version: totals kept under the old one are never read again. */
  private readonly versions = new Map<string, number>();

  get(scopeKey: string, filterKey: string, count: () => Promise<number>): Promise<number> {
    const version = this.versions.get(scopeKey) ?? 0;
    return this.totals.get(`${scopeKey}\u0000${version}\u0000${filterKey}`, count);
  }

  invalidate(scopeKey: string): void {
    this.versions.set(scopeKey, (this.versions.get(scopeKey) ?? 0) + 1);
  }

  clear(): void {
    this.totals.clear();
  }
}
