import { describe, expect, it } from 'vitest';
import { actionsFor, parentForNew } from './actions.ts';
import type { ServiceNode } from './tree.ts';
import type { FlowPermissions } from './useFlowPermissions.ts';

const all: FlowPermissions = {
  add: true,
  edit: true,
  remove: true,
  run: true,
  enable: true,
  disable: true,
  exportModule: true,
  importModule: true,
};
const none: FlowPermissions = {
  add: false,
  edit: false,
  remove: false,
  run: false,
  enable: false,
  disable: false,
  exportModule: false,
  importModule: false,
};
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
