import { describe, expect, it } from 'vitest';
import { autoLayout } from './elkLayout.ts';

const size = { width: 240, height: 100 };

function overlap(a: { x: number; y: number }, b: { x: number; y: number }) {
  return (
    a.x < b.x + size.width && b.x < a.x + size.width && a.y < b.y + size.height && b.y < a.y + size.height
  );
}

describe('the automatic layout (elk)', () => {
  it('places nothing when there is nothing to place', async () => {
    expect(await autoLayout({}, [{ source: 'a', target: 'b' }])).toEqual({});
  });

  it('puts a referencing table left of the table it references, and no two tables on each other', async () => {
    const positions = await autoLayout({ order: size, customer: size, note: size }, [
      { source: 'order', target: 'customer' },
    ]);
    expect(Object.keys(positions).sort()).toEqual(['customer', 'note', 'order']);
    expect(positions.order.x).toBeLessThan(positions.customer.x);
    const all = Object.values(positions);
    for (const [i, a] of all.entries()) {
      for (const b of all.slice(i + 1)) {
        expect(overlap(a, b)).toBe(false);
      }
    }
  });

  it('leaves out links to itself and to tables outside the set', async () => {
    const positions = await autoLayout({ tree: size }, [
      { source: 'tree', target: 'tree' },
      { source: 'tree', target: 'elsewhere' },
    ]);
    expect(Object.keys(positions)).toEqual(['tree']);
  });
});
