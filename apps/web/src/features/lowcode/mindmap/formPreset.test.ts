import { describe, expect, it } from 'vitest';
import { lockField } from './formPreset.ts';

describe("a sub-form's reference field", () => {
  it('is not editable, in the columns, in group fields and in group sections', () => {
    const json = {
      labelWidth: 100,
      column: [
        { prop: 'title', type: 'input' },
        { prop: 'customer', type: 'select' },
        { type: 'group', label: 'More', children: { column: [{ prop: 'customer' }, { prop: 'note' }] } },
        { type: 'dynamic', prop: 'lines', children: { column: [{ prop: 'customer' }] } },
      ],
      group: [{ label: 'Section', column: [{ prop: 'customer' }] }],
    };
    const locked = lockField(json, 'customer');
    expect(locked.labelWidth).toBe(100);
    expect(locked.column[0]).toEqual({ prop: 'title', type: 'input' });
    expect(locked.column[1]).toEqual({ prop: 'customer', type: 'select', disabled: true });
    expect(locked.column[2]?.children?.column).toEqual([
      { prop: 'customer', disabled: true },
      { prop: 'note' },
    ]);
    // A sub-form's rows are rows of their own: their fields are not the row's reference field.
    expect(locked.column[3]?.children?.column).toEqual([{ prop: 'customer' }]);
    expect(locked.group?.[0]?.column).toEqual([{ prop: 'customer', disabled: true }]);
    expect(json.column[1]).toEqual({ prop: 'customer', type: 'select' });
  });
});
