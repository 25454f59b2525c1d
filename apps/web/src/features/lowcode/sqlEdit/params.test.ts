import { describe, expect, it } from 'vitest';
import { placeholderCount, resizeRows, rowsOf, valuesOf } from './params.ts';
import { spliceBody } from './QueryBuilder.tsx';

describe('the parameters of a query', () => {
  it('counts up to the highest $n, not inside texts, quoted names or comments', () => {
    expect(placeholderCount('SELECT 1')).toBe(0);
    expect(placeholderCount('SELECT * FROM t WHERE a = $2 AND b = $1')).toBe(2);
    expect(placeholderCount('SELECT \'$5\', "$6" FROM t -- $7\n WHERE a = $1 /* $9 */')).toBe(1);
    expect(placeholderCount("SELECT 'it''s $3' WHERE a = $2")).toBe(2);
  });

  it('keeps the values typed when the count changes', () => {
    const rows = resizeRows([{ type: 'number', value: '3' }], 3);
    expect(rows).toEqual([
      { type: 'number', value: '3' },
      { type: 'string', value: '' },
      { type: 'string', value: '' },
    ]);
    expect(resizeRows(rows, 1)).toEqual([{ type: 'number', value: '3' }]);
  });

  it('sends each value as its type and names the first number that is not one', () => {
    expect(
      valuesOf([
        { type: 'string', value: '7' },
        { type: 'number', value: '2.5' },
        { type: 'boolean', value: 'true' },
        { type: 'null', value: 'x' },
      ]),
    ).toEqual({ values: ['7', 2.5, true, null] });
    expect(
      valuesOf([
        { type: 'string', value: '' },
        { type: 'number', value: '' },
      ]),
    ).toEqual({ invalid: 2 });
    expect(rowsOf([1, 'a'])).toEqual([
      { type: 'number', value: '1' },
      { type: 'string', value: 'a' },
    ]);
  });

  it("leaves the builder's incomplete lines out of the splicing body", () => {
    expect(
      spliceBody({
        entities: ['orders', 'customer'],
        fields: [{ column: 'orders.title' }, {}, { column: 'orders.amount', aggregate: 'sum' }],
        conditions: [{ column: 'orders.paid', op: 'isNull', value: 'ignored' }, { op: '=' }],
        orders: [{ column: 'orders.title', desc: true }, { desc: true }],
        leftJoin: false,
      }),
    ).toEqual({
      entities: ['orders', 'customer'],
      fields: [{ column: 'orders.title' }, { column: 'orders.amount', aggregate: 'sum' }],
      conditions: [{ column: 'orders.paid', op: 'isNull' }],
      orders: [{ column: 'orders.title', desc: true }],
    });
  });
});
