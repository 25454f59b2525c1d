import type { MenuNode } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import { flattenLeaves } from '../shared/menu/rules.ts';
import { mergeMenus } from './session.ts';

function node(id: string, children: MenuNode[] = []): MenuNode {
  return {
    id,
    parentId: '0',
    code: id,
    name: id,
    i18n: { zh: id, en: id },
    path: `/${id}`,
    source: '',
    sort: 1,
    category: 1,
    isOpen: 1,
    hidden: false,
    meta: {},
    children,
  };
}

describe('menuAll', () => {
  it('keeps the routes of earlier menus when a top menu returns part of a subtree', () => {
    const all = [node('wel', [node('a'), node('b')]), node('system', [node('user')])];
    const merged = mergeMenus(all, [node('wel', [node('b'), node('c')])]);
    expect(
      flattenLeaves(merged)
        .map((leaf) => leaf.id)
        .sort(),
    ).toEqual(['a', 'b', 'c', 'user']);
  });
});
