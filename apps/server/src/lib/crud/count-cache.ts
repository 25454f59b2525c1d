/**
 * Page totals without an exact count(*) on every call: a total is kept per (tenant, table, filter) and dropped when
 * this node writes to that tenant's table. Writes on other nodes show up within TTL_MS (± 20 %, so totals filled
 * together do not expire together); callers that miss while the same count runs share it.
 */
const TTL_MS = 10_000;

/** The key whose totals a write to a table drops: one tenant's rows of it, or '*' for platform tables. */
export const tableScope = (tenantId: string | '*', table: string) => `${tenantId}|${table}`;
const MAX_ENTRIES = 20_000;

export class CountCache {
  private readonly totals = new Map<string, { total: number; version: number; until: number }>();
  private readonly counting = new Map<string, Promise<number>>();
  private readonly versions = new Map<string, number>();

  private version(scopeKey: string): number {
    return this.versions.get(scopeKey) ?? 0;
  }

  async get(scopeKey: string, filterKey: string, count: () => Promise<number>): Promise<number> {
    const key = `${scopeKey}\u0000${filterKey}`;
    const version = this.version(scopeKey);
    const hit = this.totals.get(key);
    if (hit && hit.version === version && Date.now() < hit.until) {
      return hit.total;
    }
    const flight = `${key}\u0000${version}`;
    const running = this.counting.get(flight);
    if (running) {
      return running;
    }
    const counted = count()
      .then((total) => {
        if (this.totals.size >= MAX_ENTRIES) {
          this.totals.clear();
        }
        const until = Date.now() + TTL_MS * (0.8 + Math.random() * 0.4);
        this.totals.set(key, { total, version, until });
        return total;
      })
      .finally(() => this.counting.delete(flight));
    this.counting.set(flight, counted);
    return counted;
  }

  invalidate(scopeKey: string): void {
    this.versions.set(scopeKey, this.version(scopeKey) + 1);
  }

  clear(): void {
    this.totals.clear();
    this.counting.clear();
  }
}
