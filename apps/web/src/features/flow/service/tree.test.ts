import { describe, expect, it } from 'vitest';
import type { RawNode } from './api.ts';
import { ancestorIds, filterTree, findNode, moduleChoices, nextSort, toTree } from './tree.ts';

const list: RawNode[] = [
  {
    id: '1',
    parentId: '0',
    title: '客服',
    kind: 'module',
    sort: 1,
    children: [
      {
        id: '2',
        parentId: '1',
        name: '未读',
        kind: 'service',
        path: 'support/QueryUnRead',
        enabled: true,
        sort: 1,
      },
      {
        id: '3',
        parentId: '1',
        name: '内部',
        kind: 'module',
        sort: 2,
        children: [
          {
            id: '4',
            parentId: '3',
            name: '用户名',
            kind: 'service',
            path: 'inner/GetUserName',
            enabled: false,
          },
        ],
      },
    ],
  },
  { id: '5', parentId: '0', name: '其他', kind: 'module', sort: 2, path: null },
];

const tree = toTree(list);

describe('the service tree', () => {
  it('reads the list, naming a row by its name or else its title', () => {
    expect(tree.map((n) => n.name)).toEqual(['客服', '其他']);
    expect(findNode(tree, '3')?.parentId).toBe('1');
    expect(findNode(tree, '4')).toMatchObject({ kind: 'service', enabled: false, path: 'inner/GetUserName' });
    expect(findNode(tree, '5')).toMatchObject({ path: '', enabled: true, children: [] });
  });

  it('finds matches by name or path, keeping the modules above them', () => {
    const byPath = filterTree(tree, 'getuser');
    expect(byPath.map((n) => n.id)).toEqual(['1']);
    expect(byPath[0]?.children.map((n) => n.id)).toEqual(['3']);
    expect(byPath[0]?.children[0]?.children.map((n) => n.id)).toEqual(['4']);
    // A matching module keeps everything in it.
    expect(filterTree(tree, '客服')[0]?.children).toHaveLength(2);
    expect(filterTree(tree, 'nothing')).toEqual([]);
    expect(filterTree(tree, '  ')).toBe(tree);
  });

  it('knows the modules above a node and where a new row goes last', () => {
    expect(ancestorIds(tree, '4')).toEqual(['1', '3']);
    expect(ancestorIds(tree, '5')).toEqual([]);
    expect(nextSort(tree, '0')).toBe(3);
    expect(nextSort(tree, '1')).toBe(3);
    expect(nextSort(tree, '5')).toBe(1);
  });

  it('never offers a module as a target for itself or what it holds', () => {
    const choices = moduleChoices(tree, '1');
    expect(choices.map((c) => c.value)).toEqual(['5']);
    const forService = moduleChoices(tree, '4');
    expect(forService.map((c) => c.value)).toEqual(['1', '5']);
    expect(forService[0]?.children.map((c) => c.value)).toEqual(['3']);
  });
});
