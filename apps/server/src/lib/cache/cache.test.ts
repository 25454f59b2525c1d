import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cache } from './cache.ts';
import { CacheRegistry } from './cache-registry.ts';
import type { Invalidation } from './cache.ts';

/** A load that waits until the test lets it finish, counting its calls. */
function gate<V>(value: V) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const load = vi.fn(async () => {
    await opened;
    return value;
  });
  return { load, open };
}

describe('Cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('callers that miss while a load runs share it', async () => {
    const cache = new Cache<number>({ name: 't', max: 100, ttlMs: 1_000 });
    const { load, open } = gate(7);
    const answers = Promise.all([cache.load('k', load), cache.load('k', load), cache.load('k', load)]);
    open();
    expect(await answers).toEqual([7, 7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.load('k', load)).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('an entry lives between 80 % and 120 % of the TTL', async () => {
    vi.useFakeTimers();
    const cache = new Cache<string>({ name: 't', max: 100, ttlMs: 1_000 });
    const load = vi.fn(async () => 'v');
    const lives: number[] = [];
    for (let i = 0; i < 20; i++) {
      const key = `k${i}`;
      await cache.load(key, load);
      const calls = load.mock.calls.length;
      let waited = 0;
      while (load.mock.calls.length === calls) {
        vi.advanceTimersByTime(10);
        waited += 10;
        await cache.load(key, load);
      }
      lives.push(waited);
      vi.setSystemTime(0);
    }
    expect(Math.min(...lives)).toBeGreaterThanOrEqual(800);
    expect(Math.max(...lives)).toBeLessThanOrEqual(1_210);
    // Staggered: not every entry expires at the same moment.
    expect(new Set(lives).size).toBeGreaterThan(1);
  });

  it('a load that started before clear or delete is not stored', async () => {
    const cache = new Cache<string>({ name: 't', max: 100, ttlMs: 60_000 });
    const stale = gate('old');
    const first = cache.load('k', stale.load);
    cache.delete('k');
    stale.open();
    expect(await first).toBe('old');
    expect(await cache.load('k', async () => 'new')).toBe('new');

    const again = gate('older');
    const second = cache.load('j', again.load);
    cache.clear();
    again.open();
    await second;
    expect(await cache.load('j', async () => 'fresh')).toBe('fresh');
  });

  it('a failed load is shared by its waiters and not kept', async () => {
    const cache = new Cache<string>({ name: 't', max: 100, ttlMs: 60_000 });
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('down');
    };
    const both = Promise.allSettled([cache.load('k', failing), cache.load('k', failing)]);
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await cache.load('k', async () => 'back')).toBe('back');
  });

  it('keeps at most max entries, pushing out the least recently used', async () => {
    const cache = new Cache<number>({ name: 't', max: 2, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    // Reading 'a' makes 'b' the least recently used: the third entry pushes 'b' out, not 'a'.
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    const load = vi.fn(async () => 10);
    expect(await cache.load('b', load)).toBe(10);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.keys().sort()).toEqual(['b', 'c']);
  });

  it('without a time to live an entry stays until dropped; a time given to set is kept exactly', () => {
    vi.useFakeTimers();
    const cache = new Cache<string>({ name: 't', max: 10 });
    cache.set('kept', 'v');
    cache.set('brief', 'w', 1_000);
    vi.advanceTimersByTime(999);
    expect(cache.get('brief')).toBe('w');
    vi.advanceTimersByTime(1);
    expect(cache.get('brief')).toBeUndefined();
    vi.advanceTimersByTime(365 * 24 * 3_600_000);
    expect(cache.get('kept')).toBe('v');
  });

  it('counts hits and misses', () => {
    const cache = new Cache<number>({ name: 'counted', max: 10, ttlMs: 60_000 });
    cache.get('a');
    cache.set('a', 1);
    cache.get('a');
    cache.get('a');
    expect(cache.stats()).toEqual({ name: 'counted', size: 1, max: 10, ttlMs: 60_000, hits: 2, misses: 1 });
  });

  it('with staleFor, the caller that finds an entry expired reloads it while the others get the old value', async () => {
    vi.useFakeTimers();
    const cache = new Cache<number>({ name: 't', max: 100, ttlMs: 1_000, staleMs: 1_000 });
    await cache.load('k', async () => 1);
    vi.advanceTimersByTime(1_300);
    const { load, open } = gate(2);
    const reloading = cache.load('k', load);
    expect(await cache.load('k', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    open();
    expect(await reloading).toBe(2);
    expect(await cache.load('k', load)).toBe(2);
    // Too old to answer: a caller waits for the load like any miss.
    vi.advanceTimersByTime(2_500);
    const late = gate(3);
    const first = cache.load('k', late.load);
    const second = cache.load('k', late.load);
    late.open();
    expect(await Promise.all([first, second])).toEqual([3, 3]);
  });

  it('peeks at a value it may still serve, stale included, without counting or loading', () => {
    vi.useFakeTimers();
    const cache = new Cache<number>({ name: 'peeked', max: 10, ttlMs: 1_000, staleMs: 1_000 });
    expect(cache.peek('k')).toBeUndefined();
    cache.set('k', 7);
    expect(cache.peek('k')).toBe(7);
    vi.advanceTimersByTime(1_500);
    expect(cache.peek('k')).toBe(7);
    vi.advanceTimersByTime(1_000);
    expect(cache.peek('k')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 0 });
  });
});

describe('CacheRegistry', () => {
  it('lists every named cache and clears them all', () => {
    const caches = new CacheRegistry();
    const menus = caches.cache<string>({ name: 'menus', max: 10, ttlMs: 60_000 });
    const zones = caches.cache<string>({ name: 'zones', max: 5 });
    menus.set('a', 'x');
    menus.set('b', 'y');
    zones.set('t', 'Asia/Shanghai');
    expect(caches.list().map((c) => [c.name, c.size, c.max, c.ttlMs])).toEqual([
      ['menus', 2, 10, 60_000],
      ['zones', 1, 5, null],
    ]);
    caches.clearAll();
    expect(caches.list().map((c) => c.size)).toEqual([0, 0]);
    expect(menus.get('a')).toBeUndefined();
    expect(zones.get('t')).toBeUndefined();
  });

  it('refuses a second cache of the same name', () => {
    const caches = new CacheRegistry();
    caches.cache({ name: 'menus', max: 10 });
    expect(() => caches.cache({ name: 'menus', max: 10 })).toThrow(/menus/);
  });

  it('announces every delete and clear to its listeners, and not what it pushes out or lets expire', () => {
    vi.useFakeTimers();
    const caches = new CacheRegistry();
    const heard: Invalidation[] = [];
    const stop = caches.onInvalidate((change) => heard.push(change));
    const menus = caches.cache<number>({ name: 'menus', max: 1, ttlMs: 1_000 });
    const zones = caches.cache<number>({ name: 'zones', max: 10 });
    menus.set('a', 1);
    menus.set('b', 2);
    vi.advanceTimersByTime(5_000);
    expect(menus.get('b')).toBeUndefined();
    expect(heard).toEqual([]);
    menus.delete('a');
    zones.clear();
    caches.clearAll();
    expect(heard).toEqual([
      { cache: 'menus', key: 'a' },
      { cache: 'zones', all: true },
      { cache: 'menus', all: true },
      { cache: 'zones', all: true },
    ]);
    stop();
    menus.delete('a');
    expect(heard).toHaveLength(4);
  });

  it('applies a drop made elsewhere to the cache of that name without announcing it again', async () => {
    const caches = new CacheRegistry();
    const heard: Invalidation[] = [];
    caches.onInvalidate((change) => heard.push(change));
    const zones = caches.cache<string>({ name: 'zones', max: 10 });
    const menus = caches.cache<string>({ name: 'menus', max: 10 });
    zones.set('t1', 'UTC');
    zones.set('t2', 'UTC');
    menus.set('m', 'tree');
    caches.apply({ cache: 'zones', key: 't1' });
    expect(zones.get('t1')).toBeUndefined();
    expect(zones.get('t2')).toBe('UTC');
    caches.apply({ cache: 'menus', all: true });
    expect(menus.get('m')).toBeUndefined();
    // A cache this process does not have: nothing to drop.
    caches.apply({ cache: 'unknown', all: true });
    expect(heard).toEqual([]);
    // As a local delete, an applied drop keeps a load already under way from storing what it read before.
    let open!: (value: string) => void;
    const loading = zones.load('t3', () => new Promise<string>((resolve) => (open = resolve)));
    caches.apply({ cache: 'zones', key: 't3' });
    open('old');
    expect(await loading).toBe('old');
    expect(zones.get('t3')).toBeUndefined();
    expect(heard).toEqual([]);
  });
});
