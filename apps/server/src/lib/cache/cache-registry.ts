import { Cache, type CacheOptions, type CacheStats, type Invalidation } from './cache.ts';

export type InvalidationListener = (change: Invalidation) => void;

/**
 * Every cache of one server, by name: it makes them, lists them, clears them all, and is the one place their drops
 * pass through. A listener (`onInvalidate`) hears every `delete`/`clear` a service makes to reflect a change; what
 * another process dropped comes back in through `apply`, which drops it here without announcing it again.
 */
export class CacheRegistry {
  private readonly caches = new Map<string, Cache<unknown>>();
  private readonly listeners = new Set<InvalidationListener>();

  /** A new named cache; a name is used once, so a drop sent by name reaches exactly one cache. */
  cache<V>(options: CacheOptions): Cache<V> {
    if (this.caches.has(options.name)) {
      throw new Error(`Cache "${options.name}" is made twice`);
    }
    const cache = new Cache<V>(options, (change) => this.announce(change));
    this.caches.set(options.name, cache);
    return cache;
  }

  list(): CacheStats[] {
    return [...this.caches.values()].map((cache) => cache.stats());
  }

  /** Clears every cache, each drop announced as if its service had made it. */
  clearAll(): void {
    for (const cache of this.caches.values()) {
      cache.clear();
    }
  }

  /** Drops every entry of every cache without announcing it: what this process may have missed hearing. */
  dropAll(): void {
    for (const cache of this.caches.values()) {
      cache.drop({ cache: cache.name, all: true });
    }
  }

  /** Hears every drop made here; answers a function that stops it hearing. */
  onInvalidate(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** A drop made elsewhere: applied to the cache of that name, if this process has one, and not announced again. */
  apply(change: Invalidation): void {
    this.caches.get(change.cache)?.drop(change);
  }

  private announce(change: Invalidation): void {
    for (const listener of this.listeners) {
      listener(change);
    }
  }
}
