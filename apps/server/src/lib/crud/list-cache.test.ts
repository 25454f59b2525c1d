import { describe, expect, it } from 'vitest';
import { CacheRegistry } from '../cache/cache-registry.ts';
import { ListCache } from './list-cache.ts';

describe('ListCache', () => {
  it('finds the nearest remembered position at or before an offset', () => {
    const cache = new ListCache(new CacheRegistry());
    const marks = cache.pageMarks('t|x', '{}');
    expect(marks.nearest(50)).toBeUndefined();
    marks.remember(0, [{ id: '100' }, { id: '99' }, { id: '98' }]);
    marks.remember(30, [{ id: '60' }, { id: '59' }]);
    expect(marks.nearest(1)).toEqual({ position: 0, id: '100' });
    expect(marks.nearest(2)).toEqual({ position: 2, id: '98' });
    expect(marks.nearest(29)).toEqual({ position: 2, id: '98' });
    expect(marks.nearest(31)).toEqual({ position: 31, id: '59' });
    expect(marks.nearest(500)).toEqual({ position: 31, id: '59' });
    expect(cache.pageMarks('t|x', '{}')).toBe(marks);
    expect(cache.pageMarks('t|x', '{"a":1}')).not.toBe(marks);
  });

  it('drops marks and totals of a table on a write to it, and only of that table', async () => {
    const cache = new ListCache(new CacheRegistry());
    cache.pageMarks('t|x', '{}').remember(10, [{ id: '5' }]);
    cache.pageMarks('t|y', '{}').remember(10, [{ id: '7' }]);
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.total('t|x', '{}', count)).toBe(1);
    expect(await cache.total('t|x', '{}', count)).toBe(1);
    cache.invalidate('t|x');
    expect(cache.pageMarks('t|x', '{}').nearest(10)).toBeUndefined();
    expect(cache.pageMarks('t|y', '{}').nearest(10)).toEqual({ position: 10, id: '7' });
    expect(await cache.total('t|x', '{}', count)).toBe(2);
  });
});
