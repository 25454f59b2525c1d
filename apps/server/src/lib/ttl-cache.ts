import type { Maybe } from './maybe.ts';

/**
 * A small in-process cache of values that may be a little stale (grants, scopes, zones, totals, live sessions).
 * - **One load per key at a time:** callers that miss while a load runs share it, so an expiry under load costs one
 *   query, not one per waiting request.
 * - **Staggered expiry:** each entry lives TTL ± 20 %, so the entries of many tenants, filled together at start,
 *   do not all expire in the same instant.
 * - **Invalidation wins:** a load that started before `delete`/`clear` is not stored, so a value read before a
 *   change cannot outlive it.
 * - **Stale while one reloads** (`staleFor`): while the caller that found an entry expired reloads it, the others
 *   get the old value (if it expired less than `staleFor` ago) instead of waiting: an expiry under load costs one
 *   caller a wait, not every caller of that key (a recount held every list call of the tenant while it ran).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly staleFor = 0,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    return this.now(key, load);
  }

  /** As `get`, but a live entry is answered as it is, without a promise. */
  now(key: string, load: () => Promise<V>): Maybe<V> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now < hit.until) {
      return hit.value;
    }
    const running = this.loading.get(key);
    if (!running) {
      // The caller that finds the entry expired loads it and waits: a load runs in its caller's scope.
      return this.load(key, load);
    }
    return hit && now < hit.until + this.staleFor ? hit.value : running;
  }

  private load(key: string, load: () => Promise<V>): Promise<V> {
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
