import { eleDefResource } from '@yuan/contract/lowcode/element';
import { apiLogResource } from '@yuan/contract/log/logs';
import { defineResource } from '@yuan/contract/resource';
import { paramResource } from '@yuan/contract/system/param';
import { userResource } from '@yuan/contract/user/user';
import { describe, expect, it } from 'vitest';
import { crudFields } from '../fields.ts';
import { hasHistory, rowLabel } from './revisable.ts';

const entityRows = defineResource({
  name: 'ent_5',
  basePath: '/api/yuan-api/dtentity',
  table: 'x',
  perm: 'entityData',
  tenantScoped: true,
  title: 'Orders',
  fields: { title: { column: 'title', kind: 'string', label: 'Title' } },
});

describe('which screens offer a row history', () => {
  it("offers it for the revised resources and an entity's rows", () => {
    expect(hasHistory({ resource: paramResource })).toBe(true);
    expect(hasHistory({ resource: eleDefResource })).toBe(true);
    expect(hasHistory({ resource: entityRows })).toBe(true);
  });

  it("not for logs, the user's own rows, or resources the history call does not know", () => {
    expect(hasHistory({ resource: apiLogResource })).toBe(false);
    expect(hasHistory({ resource: entityRows, ownRows: true })).toBe(false);
    expect(hasHistory({ resource: { ...entityRows, name: 'nosuch' } })).toBe(false);
  });
});

describe("a row's label in the history's title", () => {
  it('is its first shown text with a value', () => {
    const fields = crudFields({ resource: userResource });
    expect(rowLabel(fields, { id: '1', account: 'alice', realName: '爱丽丝' })).toBe('alice');
    expect(rowLabel(fields, { id: '1', account: '', realName: '爱丽丝' })).toBe('爱丽丝');
    expect(rowLabel(fields, { id: '1' })).toBe('');
  });
});
