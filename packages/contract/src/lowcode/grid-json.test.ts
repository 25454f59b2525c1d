import { describe, expect, it } from 'vitest';
import { renderMessage } from '../form-messages.ts';
import { defaultGridJson, gridJsonSchema, parseGridJson } from './grid-json.ts';

describe('grid JSON', () => {
  it('fills the defaults: page size 10, every action, no search', () => {
    expect(gridJsonSchema.parse({ columns: [{ prop: 'title' }] })).toEqual({
      columns: [{ prop: 'title' }],
      search: [],
      pageSize: 10,
      actions: ['add', 'edit', 'view', 'delete', 'import', 'export'],
    });
  });

  it('refuses a column twice, a sort off the columns, odd page sizes, widths and unknown keys', () => {
    const twice = gridJsonSchema.safeParse({ columns: [{ prop: 'a' }, { prop: 'a' }] });
    expect(twice.success).toBe(false);
    expect(renderMessage('zh', twice.error?.issues[0]?.message ?? '')).toBe('列重复：a');
    const sort = gridJsonSchema.safeParse({ columns: [{ prop: 'a' }], sort: { prop: 'b', order: 'asc' } });
    expect(renderMessage('en', sort.error?.issues[0]?.message ?? '')).toBe(
      'The default sort must be one of the columns',
    );
    expect(gridJsonSchema.safeParse({ columns: [], pageSize: 15 }).success).toBe(false);
    expect(gridJsonSchema.safeParse({ columns: [{ prop: 'a', width: 20 }] }).success).toBe(false);
    expect(gridJsonSchema.safeParse({ columns: [{ prop: 'a; drop table x' }] }).success).toBe(false);
    expect(gridJsonSchema.safeParse({ columns: [], colour: 'red' }).success).toBe(false);
  });

  it('reads stored text or objects, and gives nothing for what is not a grid', () => {
    expect(parseGridJson('{"columns":[{"prop":"a"}],"pageSize":20}')?.pageSize).toBe(20);
    expect(parseGridJson('not json')).toBeUndefined();
    expect(parseGridJson(null)).toBeUndefined();
  });

  it('makes a new grid of the listed fields, searching the searchable ones', () => {
    const grid = defaultGridJson([
      { name: 'title', search: true },
      { name: 'body', list: false },
      { name: 'size' },
    ]);
    expect(grid.columns).toEqual([{ prop: 'title' }, { prop: 'size' }]);
    expect(grid.search).toEqual(['title']);
  });
});
