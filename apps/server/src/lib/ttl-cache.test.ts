import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

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

describe('TtlCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('callers that miss while a load runs share it', async () => {
    const cache = new TtlCache<number>(1_000);
    const { load, open } = gate(7);
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    open();
    expect(await answers).toEqual([7, 7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.get('k', load)).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('an entry lives between 80 % and 120 % of the TTL', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string>(1_000);
    const load = vi.fn(async () => 'v');
    const lives: number[] = [];
    for (let i = 0; i < 20; i++) {
      const key = `k${i}`;
      await cache.get(key, load);
      const calls = load.mock.calls.length;
      let waited = 0;
      while (load.mock.calls.length === calls) {
        vi.advanceTimersByTime(10);
        waited += 10;
        await cache.get(key, load);
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
    const cache = new TtlCache<string>(60_000);
    const stale = gate('old');
    const first = cache.get('k', stale.load);
    cache.delete('k');
    stale.open();
    expect(await first).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');

    const again = gate('older');
    const second = cache.get('j', again.load);
    cache.clear();
    again.open();
    await second;
    expect(await cache.get('j', async () => 'fresh')).toBe('fresh');
  });

  it('a failed load is shared by its waiters and not kept', async () => {
    const cache = new TtlCache<string>(60_000);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('down');
    };
    const both = Promise.allSettled([cache.get('k', failing), cache.get('k', failing)]);
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await cache.get('k', async () => 'back')).toBe('back');
  });

  it('keeps at most maxEntries, starting over when full', async () => {
    const cache = new TtlCache<number>(60_000, 2);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    const load = vi.fn(async () => 10);
    expect(await cache.get('a', load)).toBe(10);
    expect(await cache.get('c', load)).toBe(3);
  });

  it('with staleFor, the caller that finds an entry expired reloads it while the others get the old value', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1_000, 100, 1_000);
    await cache.get('k', async () => 1);
    vi.advanceTimersByTime(1_300);
    const { load, open } = gate(2);
    const reloading = cache.get('k', load);
    expect(await cache.get('k', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    open();
    expect(await reloading).toBe(2);
    expect(await cache.get('k', load)).toBe(2);
    // Too old to answer: a caller waits for the load like any miss.
    vi.advanceTimersByTime(2_500);
    const late = gate(3);
    const first = cache.get('k', late.load);
    const second = cache.get('k', late.load);
    late.open();
    expect(await Promise.all([first, second])).toEqual([3, 3]);
  });
});
