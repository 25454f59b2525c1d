import type { FieldSpec } from '@yuan/contract';
import type { GridJson } from '@yuan/contract/lowcode/grid-json';
import { describe, expect, it } from 'vitest';
import {
  canonicalGridJson,
  type GridDesignAction,
  type GridDesignState,
  type GridField,
  gridDesignReducer,
  gridFields,
  isDirty,
  loadGridDesign,
  previewParams,
} from './gridState.ts';

const spec = (extra: Partial<FieldSpec> = {}): FieldSpec => ({
  column: 'c',
  kind: 'string',
  label: 'x',
  ...extra,
});

const FIELDS: GridField[] = [
  { name: 'title', label: '标题', spec: spec({ search: 'like' }) },
  { name: 'size', label: '大小', spec: spec({ kind: 'int' }) },
  { name: 'body', label: '正文', spec: spec({ list: false }) },
];

function start(json: Partial<GridJson> = {}): GridDesignState {
  const full: GridJson = { columns: [], search: [], pageSize: 10, actions: [], ...json };
  return { json: full, saved: full };
}

function run(state: GridDesignState, actions: GridDesignAction[]): GridDesignState {
  return actions.reduce(gridDesignReducer, state);
}

const props = (state: GridDesignState) => state.json.columns.map((column) => column.prop);

describe('grid design state', () => {
  it('offers every field but write-only and form-only ones, labelled by the caller', () => {
    const fields = gridFields(
      { a: spec({ label: ['甲', 'A'] }), secret: spec({ writeOnly: true }), again: spec({ formOnly: true }) },
      (s) => (Array.isArray(s.label) ? s.label[1] : String(s.label)),
    );
    expect(fields.map((f) => [f.name, f.label])).toEqual([['a', 'A']]);
  });

  it('starts a grid with nothing stored from its listed and searchable fields, saved', () => {
    const { state, dropped } = loadGridDesign(null, FIELDS);
    expect(props(state)).toEqual(['title', 'size']);
    expect(state.json.search).toEqual(['title']);
    expect(state.json.pageSize).toBe(10);
    expect(dropped).toEqual([]);
    expect(isDirty(state)).toBe(false);
  });

  it('takes fields the entity lost out of a stored grid, and starts unsaved', () => {
    const stored = JSON.stringify({
      columns: [{ prop: 'gone' }, { prop: 'title', width: 120 }],
      search: ['gone', 'title'],
      sort: { prop: 'gone', order: 'desc' },
      pageSize: 20,
    });
    const { state, dropped } = loadGridDesign(stored, FIELDS);
    expect(state.json.columns).toEqual([{ prop: 'title', width: 120 }]);
    expect(state.json.search).toEqual(['title']);
    expect(state.json.sort).toBeUndefined();
    expect(dropped).toEqual(['gone']);
    expect(isDirty(state)).toBe(true);
  });

  it('appends a ticked field and removes an unticked one with the sort on it', () => {
    let state = run(start({ columns: [{ prop: 'title' }] }), [{ type: 'toggle', prop: 'size', shown: true }]);
    expect(props(state)).toEqual(['title', 'size']);
    expect(run(state, [{ type: 'toggle', prop: 'size', shown: true }])).toBe(state);
    state = run(state, [
      { type: 'sort', sort: { prop: 'size', order: 'desc' } },
      { type: 'toggle', prop: 'size', shown: false },
    ]);
    expect(props(state)).toEqual(['title']);
    expect(state.json.sort).toBeUndefined();
  });

  it('moves a column to a place, kept within the list', () => {
    const state = start({ columns: [{ prop: 'a' }, { prop: 'b' }, { prop: 'c' }] });
    expect(props(run(state, [{ type: 'move', prop: 'c', to: 0 }]))).toEqual(['c', 'a', 'b']);
    expect(props(run(state, [{ type: 'move', prop: 'a', to: 1 }]))).toEqual(['b', 'a', 'c']);
    expect(run(state, [{ type: 'move', prop: 'a', to: -1 }])).toBe(state);
    expect(props(run(state, [{ type: 'move', prop: 'a', to: 9 }]))).toEqual(['b', 'c', 'a']);
  });

  it('sets widths within the contract bounds and clears them and the alignment', () => {
    const state = start({ columns: [{ prop: 'a' }] });
    const wide = run(state, [
      { type: 'width', prop: 'a', width: 9000 },
      { type: 'align', prop: 'a', align: 'right' },
    ]);
    expect(wide.json.columns).toEqual([{ prop: 'a', width: 600, align: 'right' }]);
    expect(run(wide, [{ type: 'width', prop: 'a', width: 10.4 }]).json.columns[0]?.width).toBe(60);
    const cleared = run(wide, [
      { type: 'width', prop: 'a', width: null },
      { type: 'align', prop: 'a', align: null },
    ]);
    expect(cleared.json.columns).toEqual([{ prop: 'a' }]);
    expect(isDirty(cleared)).toBe(false);
  });

  it('sorts only by a column, and clears the sort', () => {
    const state = start({ columns: [{ prop: 'a' }] });
    expect(run(state, [{ type: 'sort', sort: { prop: 'b', order: 'asc' } }])).toBe(state);
    const sorted = run(state, [{ type: 'sort', sort: { prop: 'a', order: 'desc' } }]);
    expect(sorted.json.sort).toEqual({ prop: 'a', order: 'desc' });
    expect(run(sorted, [{ type: 'sort', sort: null }]).json.sort).toBeUndefined();
  });

  it('keeps search fields once and actions in the contract order', () => {
    const state = run(start(), [
      { type: 'search', search: ['b', 'a', 'b'] },
      { type: 'actions', actions: ['export', 'add'] },
      { type: 'pageSize', pageSize: 50 },
    ]);
    expect(state.json.search).toEqual(['b', 'a']);
    expect(state.json.actions).toEqual(['add', 'export']);
    expect(state.json.pageSize).toBe(50);
  });

  it('is unsaved until saved, whatever order the keys were written in', () => {
    const state = run(start({ columns: [{ prop: 'a', width: 80, align: 'left' }] }), [
      { type: 'pageSize', pageSize: 20 },
    ]);
    expect(isDirty(state)).toBe(true);
    expect(isDirty(run(state, [{ type: 'saved' }]))).toBe(false);
    const reordered = { ...state.saved, columns: [{ align: 'left' as const, width: 80, prop: 'a' }] };
    expect(isDirty({ json: state.saved, saved: reordered })).toBe(false);
    expect(Object.keys(canonicalGridJson(reordered).columns[0] ?? {})).toEqual(['prop', 'width', 'align']);
  });

  it('asks the preview for the first page in the page size and the sort', () => {
    expect(previewParams(start({ pageSize: 30 }).json)).toEqual({ current: 1, size: 30 });
    const sorted = start({ columns: [{ prop: 'a' }], sort: { prop: 'a', order: 'desc' } }).json;
    expect(previewParams(sorted)).toEqual({ current: 1, size: 10, sort: '-a' });
    expect(previewParams({ ...sorted, sort: { prop: 'a', order: 'asc' } }).sort).toBe('a');
  });
});
