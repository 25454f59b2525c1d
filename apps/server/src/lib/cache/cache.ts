import type { Maybe } from '../maybe.ts';

/** What a `delete` or `clear` dropped because the data behind it changed: one key of a named cache, or all of it. */
export type Invalidation = { cache: string; key: string } | { cache: string; all: true };

export interface CacheOptions {
  /** Unique within its registry; every process names the same cache the same way, so a drop can be sent by name. */
  name: string;
  /** Entries kept at most; a new one beyond it pushes out the least recently used. */
  max: number;
  /** How long an entry lives unless `set` says otherwise; without it, until it is dropped or pushed out. */
  ttlMs?: number;
  /**
   * Each entry lives `ttlMs` ± this fraction (default 0.2), so the entries of many tenants, filled together at start,
   * do not all expire in the same instant.
   */
  spread?: number;
  /**
   * While the caller that found an entry expired reloads it, the others get the old value if it expired less than
   * this ago, instead of waiting: an expiry under load costs one caller a wait, not every caller of that key.
   */
  staleMs?: number;
}

export interface CacheStats {
  name: string;
  size: number;
  max: number;
  ttlMs: number | null;
  hits: number;
  misses: number;
}

type Entry<V> = { value: V; until: number };

/**
 * A named, bounded in-process cache of values that may be a little stale.
 * - **Bounded:** at most `max` entries; a hit makes an entry the most recently used, a new entry beyond the bound
 *   pushes out the least recently used (a Map keeps insertion order, so that is its first key).
 * - **One load per key at a time** (`now`, `load`): callers that miss while a load runs share it, so an expiry under
 *   load costs one query, not one per waiting request.
 * - **Invalidation wins:** a load that started before `delete`/`clear` is not stored, so a value read before a
 *   change cannot outlive it.
 * - **Every drop is announced:** `delete` and `clear` tell the registry, whose listeners can carry the drop to
 *   other processes; `drop` applies such a drop here without announcing it again.
 */
export class Cache<V> {
  readonly name: string;
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly options: CacheOptions,
    private readonly announce: (change: Invalidation) => void = () => {},
  ) {
    this.name = options.name;
  }

  get size(): number {
    return this.entries.size;
  }

  stats(): CacheStats {
    const { name, max, ttlMs } = this.options;
    return { name, size: this.size, max, ttlMs: ttlMs ?? null, hits: this.hits, misses: this.misses };
  }

  /** The value of `key` while it may be served (live or within its stale window), as a hint: no hit or miss counted. */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry && this.servable(entry, Date.now()) ? entry.value : undefined;
  }

  /** The live value of `key`, if there is one. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry && Date.now() < entry.until) {
      this.used(key, entry);
      return entry.value;
    }
    this.misses++;
    if (entry && !this.servable(entry, Date.now())) {
      this.entries.delete(key);
    }
    return undefined;
  }

  /** The live value of `key` as it is, without a promise; or `load`'s, shared with every caller that misses meanwhile. */
  now(key: string, load: () => Promise<V>): Maybe<V> {
    const entry = this.entries.get(key);
    const now = Date.now();
    if (entry && now < entry.until) {
      this.used(key, entry);
      return entry.value;
    }
    this.misses++;
    const running = this.loading.get(key);
    if (!running) {
      // The caller that finds the entry expired loads it and waits: a load runs in its caller's scope.
      return this.start(key, load);
    }
    return entry && this.servable(entry, now) ? entry.value : running;
  }

  /** As `now`, always as a promise. */
  async load(key: string, load: () => Promise<V>): Promise<V> {
    return this.now(key, load);
  }

  /** Keeps `value` for the cache's time to live, or for `ttlMs` exactly when given. */
  set(key: string, value: V, ttlMs?: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.options.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) {
        this.entries.delete(oldest);
      }
    }
    this.entries.set(key, { value, until: this.until(ttlMs) });
  }

  /** The keys held now, live or not (to pick the ones a change concerns). */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Drops one key because its data changed (and keeps an earlier load of it from being stored). */
  delete(key: string): void {
    this.drop({ cache: this.name, key });
    this.announce({ cache: this.name, key });
  }

  /** Drops every key because the data behind them changed. */
  clear(): void {
    this.drop({ cache: this.name, all: true });
    this.announce({ cache: this.name, all: true });
  }

  /** Applies a drop here without announcing it: the registry's entry for drops made by another process. */
  drop(change: Invalidation): void {
    if ('key' in change) {
      this.entries.delete(change.key);
      this.loading.delete(change.key);
    } else {
      this.entries.clear();
      this.loading.clear();
    }
    this.generation++;
  }

  /** Whether an entry may still answer: live, or expired within the stale window. */
  private servable(entry: Entry<V>, now: number): boolean {
    return now < entry.until + (this.options.staleMs ?? 0);
  }

  private used(key: string, entry: Entry<V>): void {
    this.hits++;
    // Moved to the end of the Map's order: the first key is always the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private until(ttlMs: number | undefined): number {
    if (ttlMs !== undefined) {
      return Date.now() + ttlMs;
    }
    if (this.options.ttlMs === undefined) {
      return Number.POSITIVE_INFINITY;
    }
    const spread = this.options.spread ?? 0.2;
    return Date.now() + this.options.ttlMs * (1 - spread + Math.random() * 2 * spread);
  }

  private start(key: string, load: () => Promise<V>): Promise<V> {
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
}
