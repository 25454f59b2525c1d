import { describe, expect, it } from 'vitest';
import { lintItems, lintLevels, lintOf, lintOfRefusal } from './lint.ts';

describe('model checker findings', () => {
  it('reads a save answer and ignores what is not a finding', () => {
    expect(
      lintOf({
        errors: [{ id: 'Task_1', message: 'Element is missing label/name', rule: 'label-required' }, 'x'],
        warnings: null,
      }),
    ).toEqual({
      errors: [{ id: 'Task_1', message: 'Element is missing label/name', rule: 'label-required' }],
      warnings: [],
    });
    expect(lintOf(undefined)).toEqual({ errors: [], warnings: [] });
  });

  it('takes the errors of a refused deployment from the envelope data, as a list or an object', () => {
    const error = { id: 'End', message: 'Element is not connected', rule: 'no-disconnected' };
    expect(lintOfRefusal({ code: 400, msg: 'model has errors', data: [error] }).errors).toEqual([error]);
    expect(lintOfRefusal({ code: 400, data: { errors: [error], warnings: [] } }).errors).toEqual([error]);
    expect(lintOfRefusal({ code: 500, msg: 'boom', data: null })).toEqual({ errors: [], warnings: [] });
    expect(lintOfRefusal('not json')).toEqual({ errors: [], warnings: [] });
  });

  it('lists errors before warnings, each finding once, and marks an element by its worst finding', () => {
    const items = lintItems({
      errors: [{ id: 'A', message: 'broken', rule: 'r1' }],
      warnings: [
        { id: 'A', message: 'odd', rule: 'r2' },
        { id: 'B', message: 'odd', rule: 'r2' },
        { id: 'B', message: 'odd', rule: 'r2' },
      ],
    });
    expect(items.map((item) => `${item.level}:${item.id}`)).toEqual(['error:A', 'warning:A', 'warning:B']);
    expect([...lintLevels(items)]).toEqual([
      ['A', 'error'],
      ['B', 'warning'],
    ]);
  });
});
