import type { Element } from '@yuan/contract/lowcode/entity';
import { describe, expect, it } from 'vitest';
import {
  type ErdEntity,
  estimateSize,
  LAYOUT_GAP,
  matchesTable,
  mergePositions,
  nodeAt,
  proposeFieldCode,
  TABLE_WIDTH,
  toEdges,
  toNodes,
} from './graph.ts';

function element(id: string, eleNo: string, extra: Partial<Element> = {}): Element {
  return {
    id,
    eleNo,
    eleName: eleNo.toUpperCase(),
    dataTyp: 'string',
    verifyJson: {},
    defNo: '',
    refEntId: '',
    unique: false,
    sort: 0,
    ...extra,
  };
}

const customer: ErdEntity = {
  id: '1',
  entNo: 'customer',
  entName: '客户',
  elements: [element('11', 'name')],
};
const order: ErdEntity = {
  id: '2',
  entNo: 'order',
  entName: '订单',
  elements: [
    element('22', 'note', { sort: 2 }),
    element('21', 'customer_id', { refEntId: '1', sort: 1 }),
    element('23', 'gone_id', { refEntId: '99', sort: 3 }),
  ],
};
const category: ErdEntity = {
  id: '3',
  entNo: 'category',
  entName: '分类',
  elements: [element('31', 'parent_id', { refEntId: '3' })],
};

describe('entities as tables', () => {
  it('makes one table per entity, at its position or the origin, with its fields in their order', () => {
    const nodes = toNodes([customer, order], { '2': { x: 10, y: 20 } });
    expect(nodes.map((n) => [n.id, n.type, n.position])).toEqual([
      ['1', 'table', { x: 0, y: 0 }],
      ['2', 'table', { x: 10, y: 20 }],
    ]);
    expect(nodes[1].data.fields.map((f) => f.eleNo)).toEqual(['customer_id', 'note', 'gone_id']);
    expect(nodes[1].data.entity).toBe(order);
  });

  it('names the entity a field references, and nothing when that entity is gone', () => {
    const [, orderNode] = toNodes([customer, order], {});
    const byCode = Object.fromEntries(orderNode.data.fields.map((f) => [f.eleNo, f]));
    expect(byCode.customer_id).toMatchObject({ refEntId: '1', refName: '客户' });
    expect(byCode.gone_id).toMatchObject({ refEntId: '99', refName: '' });
    expect(byCode.note).toMatchObject({ refEntId: '', refName: '' });
  });

  it('sizes a table by its fields, and a table without fields as one line', () => {
    const empty = estimateSize({ ...customer, elements: [] });
    expect(empty).toEqual(estimateSize(customer));
    expect(estimateSize(order).height).toBeGreaterThan(empty.height);
    expect(estimateSize(order).width).toBe(TABLE_WIDTH);
  });
});

describe('references as edges', () => {
  it('draws one edge from the referencing field to the referenced table', () => {
    expect(toEdges([customer, order])).toEqual([
      {
        id: '2:21',
        source: '2',
        sourceHandle: 'f:21',
        target: '1',
        targetHandle: 'table',
        ariaLabel: 'order.customer_id → customer',
      },
    ]);
  });

  it('draws nothing for a reference to an entity that is not on the diagram', () => {
    expect(toEdges([order]).map((e) => e.id)).toEqual([]);
  });

  it('draws a reference of an entity to itself (a hierarchy)', () => {
    expect(toEdges([category])).toMatchObject([{ source: '3', target: '3', sourceHandle: 'f:31' }]);
  });
});

describe('merging saved and automatic positions', () => {
  const size = { width: 200, height: 100 };
  const sizes = { a: size, b: size, c: size, d: size };

  it('keeps every saved position, whatever the automatic layout says', () => {
    const saved = { a: { x: 5, y: 6 }, b: { x: 300, y: 6 }, c: { x: 5, y: 400 }, d: { x: 300, y: 400 } };
    const auto = { a: { x: 0, y: 0 }, b: { x: 0, y: 0 }, c: { x: 0, y: 0 }, d: { x: 0, y: 0 } };
    expect(mergePositions(sizes, saved, auto)).toEqual(saved);
  });

  it('takes the automatic layout as it is when nothing was saved', () => {
    const auto = { a: { x: 0, y: 0 }, b: { x: 300, y: 0 }, c: { x: 0, y: 150 }, d: { x: 300, y: 150 } };
    expect(mergePositions(sizes, {}, auto)).toEqual(auto);
  });

  it('puts tables without a saved position below the saved ones, keeping their automatic arrangement', () => {
    const saved = { a: { x: 100, y: 50 }, b: { x: 400, y: 300 } };
    const auto = { c: { x: 20, y: 30 }, d: { x: 320, y: 30 } };
    const merged = mergePositions(sizes, saved, auto);
    expect(merged.a).toEqual({ x: 100, y: 50 });
    expect(merged.b).toEqual({ x: 400, y: 300 });
    // The saved tables end at y = 400; the new ones start one gap lower, from the saved tables' left edge.
    expect(merged.c).toEqual({ x: 100, y: 400 + LAYOUT_GAP });
    expect(merged.d).toEqual({ x: 400, y: 400 + LAYOUT_GAP });
  });

  it('ignores saved positions of entities that no longer exist', () => {
    const merged = mergePositions({ a: size }, { a: { x: 1, y: 2 }, gone: { x: 9, y: 9 } }, {});
    expect(merged).toEqual({ a: { x: 1, y: 2 } });
  });

  it('puts a table that neither source places at the origin', () => {
    expect(mergePositions({ a: size }, {}, {})).toEqual({ a: { x: 0, y: 0 } });
  });
});

describe('finding tables', () => {
  it('finds the table under a point, preferring the one drawn on top', () => {
    const nodes = toNodes([customer, order], { '1': { x: 0, y: 0 }, '2': { x: 100, y: 10 } });
    expect(nodeAt({ x: 10, y: 10 }, nodes)?.id).toBe('1');
    expect(nodeAt({ x: 150, y: 20 }, nodes)?.id).toBe('2');
    expect(nodeAt({ x: 1000, y: 1000 }, nodes)).toBeUndefined();
  });

  it('uses the size the browser measured once there is one', () => {
    const [node] = toNodes([customer], { '1': { x: 0, y: 0 } });
    expect(nodeAt({ x: 300, y: 10 }, [node])).toBeUndefined();
    expect(nodeAt({ x: 300, y: 10 }, [{ ...node, measured: { width: 400, height: 60 } }])?.id).toBe('1');
  });

  it('matches a name or a code, ignoring case and spaces', () => {
    expect(matchesTable(order, ' ORD ')).toBe(true);
    expect(matchesTable(order, '订单')).toBe(true);
    expect(matchesTable(order, 'cust')).toBe(false);
    expect(matchesTable(order, '')).toBe(true);
  });
});

describe('the code of a new reference field', () => {
  it('is the referenced code with _id', () => {
    expect(proposeFieldCode(order, category)).toBe('category_id');
  });

  it('gets a number when the entity already has that code', () => {
    const two = { ...order, elements: [...order.elements, element('24', 'customer_id_2')] };
    expect(proposeFieldCode(order, customer)).toBe('customer_id_2');
    expect(proposeFieldCode(two, customer)).toBe('customer_id_3');
  });

  it('stays within 63 characters', () => {
    const long = { ...customer, entNo: 'x'.repeat(63) };
    expect(proposeFieldCode(order, long)).toBe('x'.repeat(63));
    const code = proposeFieldCode({ ...order, elements: [element('9', 'x'.repeat(63))] }, long);
    expect(code).toBe(`${'x'.repeat(61)}_2`);
  });
});
