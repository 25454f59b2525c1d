import { describe, expect, it } from 'vitest';
import {
  type DesignAction,
  type DesignState,
  designReducer,
  HISTORY_LIMIT,
  initialDesign,
} from './designState.ts';
import { findField } from './fieldTree.ts';

function run(actions: DesignAction[], state: DesignState = initialDesign()): DesignState {
  return actions.reduce(designReducer, state);
}

const add = (fieldType: string, prop: string, parent?: string): DesignAction => ({
  type: 'add',
  fieldType,
  prop,
  label: fieldType,
  parent,
});

describe('designReducer', () => {
  it('adds a field with its type defaults and selects it', () => {
    const state = run([add('upload', 'a')]);
    expect(state.json.column).toHaveLength(1);
    expect(state.json.column[0]).toMatchObject({
      type: 'upload',
      prop: 'a',
      span: 24,
      limit: 10,
      multiple: true,
    });
    expect(state.selected).toBe('a');
    expect(state.dirty).toBe(true);
  });

  it('drops fields into a group or sub-form but never a container into another', () => {
    const state = run([add('group', 'g'), add('input', 'x', 'g'), add('dynamic', 'd', 'g')]);
    expect(state.json.column.map((f) => f.prop)).toEqual(['g']);
    expect(findField(state.json.column, 'g')?.children?.column?.map((f) => f.prop)).toEqual(['x']);
  });

  it('reorders and moves fields between containers', () => {
    let state = run([add('input', 'a'), add('input', 'b'), add('group', 'g')]);
    state = designReducer(state, { type: 'move', prop: 'b', parent: '__root__', index: 0 });
    expect(state.json.column.map((f) => f.prop)).toEqual(['b', 'a', 'g']);
    state = designReducer(state, { type: 'move', prop: 'a', parent: 'g', index: 0 });
    expect(state.json.column.map((f) => f.prop)).toEqual(['b', 'g']);
    expect(findField(state.json.column, 'g')?.children?.column?.map((f) => f.prop)).toEqual(['a']);
    // A group cannot go inside itself.
    expect(designReducer(state, { type: 'move', prop: 'g', parent: 'g', index: 0 })).toBe(state);
  });

  it('changes the type keeping prop, label and span', () => {
    let state = run([add('input', 'a')]);
    state = designReducer(state, {
      type: 'update',
      prop: 'a',
      field: { ...state.json.column[0], label: '名称', span: 12, maxlength: 5 },
    });
    state = designReducer(state, { type: 'changeType', prop: 'a', fieldType: 'slider' });
    expect(state.json.column[0]).toEqual({
      type: 'slider',
      prop: 'a',
      label: '名称',
      span: 12,
      min: 0,
      max: 10,
      step: 1,
    });
  });

  it('copies a field after itself with a new prop, and removes it', () => {
    let state = run([add('group', 'g'), add('input', 'x', 'g')]);
    state = designReducer(state, { type: 'copy', prop: 'g', newProp: 'g2' });
    expect(state.json.column.map((f) => f.prop)).toEqual(['g', 'g2']);
    expect(findField(state.json.column, 'g2')?.children?.column?.[0]?.prop).toBe('g2_1');
    expect(state.selected).toBe('g2');
    state = designReducer(state, { type: 'remove', prop: 'g2' });
    expect(state.json.column.map((f) => f.prop)).toEqual(['g']);
    expect(state.selected).toBeNull();
  });

  it('undoes and redoes every edit, and a new edit drops the redo list', () => {
    let state = run([add('input', 'a'), add('input', 'b'), { type: 'settings', settings: { gutter: 10 } }]);
    state = run([{ type: 'undo' }, { type: 'undo' }], state);
    expect(state.json.column.map((f) => f.prop)).toEqual(['a']);
    expect(state.json.gutter).toBe(0);
    state = designReducer(state, { type: 'redo' });
    expect(state.json.column.map((f) => f.prop)).toEqual(['a', 'b']);
    state = designReducer(state, { type: 'clear' });
    expect(state.json.column).toEqual([]);
    expect(state.future).toEqual([]);
    expect(designReducer(state, { type: 'redo' })).toBe(state);
    state = designReducer(state, { type: 'undo' });
    expect(state.json.column.map((f) => f.prop)).toEqual(['a', 'b']);
  });

  it('keeps at least 50 undo steps', () => {
    const adds = Array.from({ length: 60 }, (_v, i) => add('input', `f${i}`));
    let state = run(adds);
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(50);
    state = run(
      Array.from({ length: 60 }, (): DesignAction => ({ type: 'undo' })),
      state,
    );
    expect(state.json.column).toEqual([]);
    expect(state.future).toHaveLength(60);
  });

  it('clearing nothing changes nothing; load and save reset the unsaved flag', () => {
    const empty = initialDesign();
    expect(designReducer(empty, { type: 'clear' })).toBe(empty);
    const state = run([add('input', 'a')]);
    expect(designReducer(state, { type: 'saved' }).dirty).toBe(false);
    const loaded = designReducer(state, { type: 'load', json: { column: [] } });
    expect(loaded).toMatchObject({ dirty: false, past: [], future: [] });
  });

  it('places a ready field once: a second with the same prop is refused', () => {
    const field = { type: 'date', prop: 'day', label: '日' };
    const state = run([add('group', 'g'), { type: 'place', field, parent: 'g' }]);
    expect(findField(state.json.column, 'day')).toEqual(field);
    expect(state.selected).toBe('day');
    expect(designReducer(state, { type: 'place', field })).toBe(state);
  });
});
