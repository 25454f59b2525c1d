import type { ButtonNode, MenuNode } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import {
  buttonPermissions,
  filterByRoles,
  filterBySort,
  findMenuByPath,
  isAdmin,
  isTourist,
  menuTarget,
  prepareMenu,
  searchMenu,
  visibleMenu,
  withIndexSuffix,
} from './rules.ts';

function node(path: string, extra: Partial<MenuNode> = {}): MenuNode {
  const name = extra.name ?? path;
  return {
    id: path,
    parentId: '0',
    code: path,
    name,
    i18n: extra.i18n ?? { zh: name, en: name },
    path,
    source: 'home',
    sort: 1,
    category: 1,
    isOpen: 1,
    hidden: false,
    meta: {},
    children: [],
    ...extra,
  };
}

describe('withIndexSuffix', () => {
  it('adds /index to plain leaf paths only', () => {
    expect(withIndexSuffix('/system/user')).toBe('/system/user/index');
    expect(withIndexSuffix('/wel/index')).toBe('/wel/index');
    expect(withIndexSuffix('/entity/detail/:id')).toBe('/entity/detail/:id');
    expect(withIndexSuffix('https://example.com/a')).toBe('https://example.com/a');
    expect(withIndexSuffix('http://example.com')).toBe('http://example.com');
  });
});

describe('role filter', () => {
  const tree = [
    node('/a', { meta: { roles: ['administrator'] } }),
    node('/b'),
    node('/c', { meta: { roles: [] } }),
    node('/d', { children: [node('/d/x', { meta: { roles: ['tourist'] } }), node('/d/y')] }),
  ];
  it('shows items without roles or with a current role', () => {
    const paths = filterByRoles(tree, ['tourist']).map((item) => item.path);
    expect(paths).toEqual(['/b', '/c', '/d']);
    expect(filterByRoles(tree, ['tourist'])[2].children.map((item) => item.path)).toEqual(['/d/x', '/d/y']);
    expect(filterByRoles(tree, ['administrator']).map((item) => item.path)).toEqual(['/a', '/b', '/c', '/d']);
    expect(filterByRoles(tree, ['administrator'])[3].children.map((item) => item.path)).toEqual(['/d/y']);
  });
});

describe('sort rule', () => {
  const tree = [
    node('/neg', { sort: -1 }),
    node('/zero', { sort: 0, children: [node('/zero/n', { sort: -5 })] }),
  ];
  it('hides negative sort entries when no top menu is chosen', () => {
    const kept = filterBySort(tree, false);
    expect(kept.map((item) => item.path)).toEqual(['/zero']);
    expect(kept[0].children).toEqual([]);
  });
  it('keeps everything when a top menu is chosen', () => {
    expect(filterBySort(tree, true).map((item) => item.path)).toEqual(['/neg', '/zero']);
  });
});

describe('prepareMenu', () => {
  it('filters, then suffixes leaves but not parents', () => {
    const tree = [
      node('/system', { children: [node('/system/user'), node('/system/secret', { sort: -1 })] }),
    ];
    const menu = prepareMenu(tree, ['administrator']);
    expect(menu[0].path).toBe('/system');
    expect(menu[0].children.map((item) => item.path)).toEqual(['/system/user/index']);
  });
});

describe('hidden entries and lookup', () => {
  const tree = prepareMenu(
    [
      node('/lowcode', {
        children: [node('/entity'), node('/entity/detail/:id', { hidden: true, name: '实体数据' })],
      }),
    ],
    [],
  );
  it('keeps hidden entries routable but out of the sidebar', () => {
    expect(visibleMenu(tree)[0].children.map((item) => item.path)).toEqual(['/entity/index']);
    expect(findMenuByPath(tree, '/entity/detail/42')?.name).toBe('实体数据');
    expect(findMenuByPath(tree, '/entity/index')?.path).toBe('/entity/index');
    expect(findMenuByPath(tree, '/nowhere/index')).toBeUndefined();
  });
});

describe('search', () => {
  const tree = [
    node('/system', {
      children: [
        node('/system/user', { i18n: { zh: '用户管理', en: 'Users' } }),
        node('/system/role', { i18n: { zh: '角色管理', en: 'Roles' } }),
        node('/system/hidden', { i18n: { zh: '用户隐藏', en: 'User hidden' }, hidden: true }),
      ],
    }),
  ];
  it('matches visible names that start with the text, case-insensitive', () => {
    expect(searchMenu(tree, 'us', 'en').map((item) => item.path)).toEqual(['/system/user']);
    expect(searchMenu(tree, 'USE', 'en').map((item) => item.path)).toEqual(['/system/user']);
    expect(searchMenu(tree, 'sers', 'en')).toEqual([]);
    expect(searchMenu(tree, '角色', 'zh').map((item) => item.path)).toEqual(['/system/role']);
    expect(searchMenu(tree, '  ', 'zh')).toEqual([]);
  });
});

describe('buttons and roles', () => {
  it('marks every leaf code true', () => {
    const tree: ButtonNode[] = [
      {
        id: '1',
        code: 'user',
        name: 'user',
        children: [
          { id: '2', code: 'user_add', name: 'add', children: [] },
          { id: '3', code: 'user_edit', name: 'edit', children: [] },
        ],
      },
      { id: '4', code: 'param_view', name: 'view', children: [] },
    ];
    expect(buttonPermissions(tree)).toEqual({ user_add: true, user_edit: true, param_view: true });
  });
  it('detects admins and tourists', () => {
    expect(isAdmin('administrator')).toBe(true);
    expect(isAdmin('user,admin')).toBe(true);
    expect(isAdmin('administrators')).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    expect(isTourist('tourist')).toBe(true);
    expect(isTourist('tourist,admin')).toBe(false);
  });
  it('sends external pages through /myiframe', () => {
    const target = menuTarget(node('https://example.com/x', { name: 'Ext' }), 'zh');
    expect(target.startsWith('/myiframe/urlPath?')).toBe(true);
    expect(new URLSearchParams(target.split('?')[1]).get('src')).toBe('https://example.com/x');
    expect(menuTarget(node('/system/user/index'), 'zh')).toBe('/system/user/index');
  });
});
