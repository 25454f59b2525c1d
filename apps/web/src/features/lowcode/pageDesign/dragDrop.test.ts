import { describe, expect, it } from 'vitest';
import type { DesignAction } from './designState.ts';
import { dropAction } from './dragDrop.ts';

const json = {
  column: [
    { type: 'input', prop: 'a' },
    { type: 'group', prop: 'g', children: { column: [{ type: 'input', prop: 'b' }] } },
  ],
};
const added = (fieldType: string, parent: string, index: number): DesignAction => ({
  type: 'add',
  fieldType,
  prop: 'new',
  label: fieldType,
  parent,
  index,
});
const placed = (eleNo: string, parent: string, index: number): DesignAction => ({
  type: 'place',
  field: { type: 'input', prop: eleNo },
  parent,
  index,
});
const drop = (active: string, over: string | null) =>
  dropAction(
    json,
    { active: { id: active } as never, over: over === null ? null : ({ id: over } as never) },
    added,
    placed,
  );

describe('dropAction', () => {
  it('adds a palette type at the place of the field it is dropped on, or at the end of a list', () => {
    expect(drop('palette:number', 'b')).toMatchObject({
      type: 'add',
      fieldType: 'number',
      parent: 'g',
      index: 0,
    });
    expect(drop('palette:number', 'container:g')).toMatchObject({ parent: 'g', index: 1 });
    expect(drop('palette:number', 'container:__root__')).toMatchObject({ parent: '__root__', index: 2 });
  });

  it("places an entity's field where it is dropped", () => {
    expect(drop('element:title', 'b')).toEqual({
      type: 'place',
      field: { type: 'input', prop: 'title' },
      parent: 'g',
      index: 0,
    });
    expect(drop('element:title', 'container:__root__')).toMatchObject({ parent: '__root__', index: 2 });
  });

  it('moves a field, and ignores a drop outside or on itself', () => {
    expect(drop('a', 'container:g')).toEqual({ type: 'move', prop: 'a', parent: 'g', index: 1 });
    expect(drop('b', 'a')).toEqual({ type: 'move', prop: 'b', parent: '__root__', index: 0 });
    expect(drop('a', 'a')).toBeNull();
    expect(drop('a', null)).toBeNull();
  });
});
