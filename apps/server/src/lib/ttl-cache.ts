/**
 * A small in-process cache of values that may be a little stale (grants, scopes, zones, totals, live sessions).
 * - **One load per key at a time:** callers that miss while a load runs share it, so an expiry under load costs one
 *   query, not one per waiting request.
 * - **Staggered expiry:** each entry lives TTL ± 20 %, so the entries of many tenants, filled together at start,
 *   do not all expire in the same instant.
 * - **Invalidation wins:** a load that started before `delete`/`clear` is not stored, so a value read before a
 *   change cannot outlive it.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() < hit.until) {
      return hit.value;
    }
    const running = this.loading.get(key);
    if (running) {
      return running;
    }
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) {
          this.loading.delete(key);
        }
        if (generation === this.generation) {
          this.set(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === promise) {
          this.loading.delete(key);
        }
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) {
      this.entries.clear();
    }
    const spread = 0.8 + Math.random() * 0.4;
    this.entries.set(key, { value, until: Date.now() + this.ttlMs * spread });
  }

  /** Drops one key (and keeps an earlier load of it from being stored). */
  delete(key: string): void {
    this.entries.delete(key);
    this.loading.delete(key);
    this.generation++;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.generation++;
  }
}
