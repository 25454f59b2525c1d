import { describe, expect, it } from 'vitest';
import { actionsFor, parentForNew } from './actions.ts';
import { ALL_PERMISSIONS, NO_PERMISSIONS } from './testData.ts';
import type { ServiceNode } from './tree.ts';

const all = ALL_PERMISSIONS;
const none = NO_PERMISSIONS;
const node = (over: Partial<ServiceNode>): ServiceNode => ({
  id: '1',
  parentId: '0',
  name: 'n',
  kind: 'module',
  path: '',
  enabled: true,
  sort: 1,
  children: [],
  ...over,
});

describe('tree actions', () => {
  it('offers a module its module actions and a service its switch', () => {
    expect(actionsFor(node({}), all)).toEqual([
      'newModule',
      'newService',
      'rename',
      'move',
      'copy',
      'export',
      'import',
      'delete',
    ]);
    expect(actionsFor(node({ kind: 'service', enabled: true }), all)).toContain('disable');
    expect(actionsFor(node({ kind: 'service', enabled: false }), all)).toContain('enable');
    expect(actionsFor(node({ kind: 'service' }), all)).not.toContain('export');
  });

  it('offers nothing the user has no button for', () => {
    expect(actionsFor(node({}), none)).toEqual([]);
    expect(actionsFor(null, { ...none, importModule: true })).toEqual(['import']);
    expect(actionsFor(node({ kind: 'service', enabled: true }), { ...none, enable: true })).toEqual([]);
  });

  it('puts a new row into a module, beside a service, or at the top', () => {
    expect(parentForNew(null)).toBe('0');
    expect(parentForNew(node({ id: '7' }))).toBe('7');
    expect(parentForNew(node({ id: '8', kind: 'service', parentId: '7' }))).toBe('7');
  });
});
