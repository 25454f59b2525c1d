import { render } from '@testing-library/react';
import { userResource } from '@yuan/contract/user/user';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { buildColumns, type Lookups } from './columns.tsx';
import { columnFields, crudFields } from './fields.ts';
import type { Row } from './types.ts';

const fields = columnFields(
  crudFields({ resource: userResource, fields: { roleId: { source: 'roleTree' }, deptId: { width: 180 } } }),
);
const roles = new Map([
  ['1', '超级管理员'],
  ['2', '普通用户'],
]);

function column(name: string, lookups: Lookups) {
  const found = buildColumns(fields, 'zh', lookups).find((c) => c.key === name);
  if (!found || !('render' in found) || !found.render) {
    throw new Error(`no column ${name}`);
  }
  return found;
}

function cell(name: string, value: unknown, lookups: Lookups) {
  const row: Row = { id: 'u1', [name]: value };
  const { container } = render(column(name, lookups).render?.(value, row, 0) as ReactNode);
  return container;
}

const tags = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-tag')].map((t) => t.textContent);

describe('a cell of several referenced names', () => {
  it('shows each name whole in a tag of its own, in the order of the tree, and lets the cell wrap between them', () => {
    const container = cell('roleId', '2,1', { roleId: roles });
    expect(tags(container)).toEqual(['超级管理员', '普通用户']);
    // Not cut to one line with an ellipsis, as plain text columns are.
    expect(column('roleId', { roleId: roles }).ellipsis).toBe(false);
    expect(column('account', { roleId: roles }).ellipsis).toBe(true);
    expect(container.querySelector<HTMLElement>('.crud-tags')?.style.maxWidth).toBe('240px');
  });

  it("wraps at the column's own width and names an id it does not know by the id", () => {
    const container = cell('deptId', '9,1', { deptId: new Map([['1', '研发部']]) });
    expect(tags(container)).toEqual(['研发部', '9']);
    expect(container.querySelector<HTMLElement>('.crud-tags')?.style.maxWidth).toBe('180px');
  });

  it('shows five names and the rest as one tag that names them on hover', () => {
    const many = new Map(Array.from({ length: 7 }, (_, i) => [String(i + 1), `角色${i + 1}`]));
    const container = cell('roleId', '1,2,3,4,5,6,7', { roleId: many });
    expect(tags(container)).toEqual(['角色1', '角色2', '角色3', '角色4', '角色5', '+2']);
    expect(container.querySelectorAll('.ant-tag')[5].getAttribute('title')).toBe('角色6, 角色7');
  });

  it('stays plain text where the names are not looked up, and empty without a value', () => {
    expect(column('roleId', {}).ellipsis).toBe(true);
    expect(tags(cell('roleId', '', { roleId: roles }))).toEqual([]);
  });
});
