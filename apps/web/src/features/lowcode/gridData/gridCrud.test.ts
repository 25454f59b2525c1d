import type { FieldSpec } from '@yuan/contract';
import { describe, expect, it, vi } from 'vitest';
import type { CrudApi } from '../../../shared/crud/api.ts';
import type { EntityConfig } from '../api.ts';
import type { GridRow } from '../gridDesign/gridApi.ts';
import { gridCrudConfig, gridOffers } from './gridCrud.ts';

const field = (label: string, extra: Partial<FieldSpec> = {}): FieldSpec =>
  ({ column: label, kind: 'string', label: [label, label], ...extra }) as FieldSpec;

const entity: EntityConfig = {
  entId: '7',
  title: '线索',
  treeField: '',
  fields: {
    title: field('title', { search: 'like' }),
    owner: field('owner', { search: 'eq' }),
    size: field('size'),
  },
};
const grid = (gridJson: unknown) =>
  ({ id: '9', gridNo: 'g', gridName: 'G', entId: '7', gridJson }) as GridRow;

describe('a designed grid on the shared CRUD screen', () => {
  it('orders, sizes and hides columns, limits the search bar, sorts, pages and switches actions', () => {
    const config = gridCrudConfig(
      grid({
        columns: [{ prop: 'size', width: 120 }, { prop: 'title' }, { prop: 'gone' }],
        search: ['title'],
        sort: { prop: 'size', order: 'desc' },
        pageSize: 20,
        actions: ['add', 'export'],
      }),
      entity,
      null,
    );
    expect(Object.keys(config.resource.fields)).toEqual(['size', 'title', 'owner']);
    expect(config.fields?.size).toMatchObject({ width: 120 });
    expect(config.fields?.owner).toMatchObject({ hideInTable: true, hideInSearch: true });
    expect(config.fields?.title?.hideInSearch).toBeUndefined();
    expect(config.params).toEqual({ sort: '-size' });
    expect(config.pageSize).toBe(20);
    expect(config.buttons).toEqual({ add: true, edit: false, view: false, delete: false });
    expect(config.formJson).toBeUndefined();
    expect(gridOffers(grid({ columns: [], actions: ['export'] }))).toEqual({ import: false, export: true });
  });

  it("adds and edits through the entity's default form, groups included", () => {
    const config = gridCrudConfig(grid({ columns: [{ prop: 'title' }] }), entity, {
      column: [{ prop: 'title', label: '标题', type: 'input' }],
      group: [{ label: '更多', prop: 'more', column: [{ prop: 'owner', label: '负责人', type: 'input' }] }],
    });
    expect(config.formJson?.map((f) => [f.prop, f.type])).toEqual([
      ['title', 'input'],
      ['more', 'group'],
    ]);
  });

  it("shows the entity's own list when the grid's JSON cannot be read", () => {
    const config = gridCrudConfig(grid('not json'), entity, null);
    expect(Object.keys(config.resource.fields)).toEqual(['title', 'owner', 'size']);
    expect(config.buttons).toBeUndefined();
    expect(gridOffers(grid(null))).toEqual({ import: true, export: true });
  });
});

describe('a designed grid over another family of calls', () => {
  const api: CrudApi = {
    list: vi.fn(),
    detail: vi.fn(),
    submit: vi.fn(),
    remove: vi.fn(),
    lazyList: vi.fn(),
    tree: vi.fn(),
  };
  const source = { api, basePath: '/api/yuan-api/payee', perm: 'payee' };

  it("reads and writes through the source's calls under its menu's buttons, keeping the grid's design", () => {
    const config = gridCrudConfig(
      grid({ columns: [{ prop: 'title' }], actions: ['add'] }),
      entity,
      null,
      source,
    );
    expect(config.api).toBe(api);
    expect(config.resource).toMatchObject({ basePath: '/api/yuan-api/payee', perm: 'payee' });
    expect(config.resource.altPerms ?? []).toEqual([]);
    expect(config.buttons).toEqual({ add: true, edit: false, view: false, delete: false });
  });

  it('keeps the source when the grid JSON cannot be read', () => {
    const config = gridCrudConfig(grid('not json'), entity, null, source);
    expect(config.api).toBe(api);
    expect(config.resource.perm).toBe('payee');
    expect(Object.keys(config.resource.fields)).toEqual(['title', 'owner', 'size']);
  });
});
