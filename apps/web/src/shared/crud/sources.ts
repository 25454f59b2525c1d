import { useQuery } from '@tanstack/react-query';
import type { Page } from '@yuan/contract';
import { call } from '../api/http.ts';
import { ownText } from '../i18n/index.ts';
import type { Row, SourceName, TreeNode } from './types.ts';

const SYSTEM = '/api/yuan-system';

export interface GrantTrees {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}

/** Flat choices: each pair's key is the value, its value the title (a key without one is its own title). */
function pairsAsNodes(pairs: { key: string; value: unknown }[]): TreeNode[] {
  return pairs.map((pair) => ({
    id: pair.key,
    parentId: '0',
    title: String(pair.value ?? pair.key),
    value: pair.key,
    key: pair.key,
  }));
}

/** Rows as flat choices titled by one of their fields. */
function listAsNodes(rows: Row[], label: string): TreeNode[] {
  return pairsAsNodes(rows.map((row) => ({ key: row.id, value: row[label] })));
}

type FixedSource = Exclude<SourceName, `dict:${string}` | `entityRef:${string}` | `tree:${string}`>;

const loaders: Record<FixedSource, () => Promise<TreeNode[]>> = {
  roleTree: () => call<TreeNode[]>(`${SYSTEM}/role/tree`),
  deptTree: () => call<TreeNode[]>(`${SYSTEM}/dept/tree`),
  menuTree: () => call<TreeNode[]>(`${SYSTEM}/menu/tree`),
  grantMenuTree: () => call<GrantTrees>(`${SYSTEM}/menu/grant-tree`).then((trees) => trees.menu),
  // Every post of the tenant, however many: the picker's own call, not a page of the post screen.
  postList: () => call<Row[]>(`${SYSTEM}/post/select`).then((rows) => listAsNodes(rows, 'postName')),
  packageList: () =>
    call<Page<Row>>(`${SYSTEM}/tenant-package/list`, { params: { current: 1, size: 200 } }).then((page) =>
      listAsNodes(page.records, 'packageName'),
    ),
  datasourceList: () =>
    call<Page<Row>>('/api/yuan-develop/datasource/list', { params: { current: 1, size: 200 } }).then((page) =>
      listAsNodes(page.records, 'name'),
    ),
};

/** A name a form JSON may give as its choice list (`dicSource`): one of the lists above or a prefixed one. */
export function isSourceName(name: string): name is SourceName {
  return /^(dict|entityRef|tree):./.test(name) || Object.hasOwn(loaders, name);
}

export function loadSource(name: SourceName): Promise<TreeNode[]> {
  if (name.startsWith('tree:')) {
    return call<TreeNode[]>(`${name.slice(5)}/tree`);
  }
  if (name.startsWith('dict:')) {
    return call<Row[]>(`${SYSTEM}/dict-biz/dictionary`, { params: { code: name.slice(5) } }).then((items) =>
      pairsAsNodes(
        items.map((item) => ({
          key: String(item.dictKey),
          value: ownText(`dictLabel.${name.slice(5)}.${String(item.dictKey)}`) ?? item.dictValue,
        })),
      ),
    );
  }
  if (name.startsWith('entityRef:')) {
    const [, entId, field] = name.split(':');
    return call<{ key: string; value: unknown }[]>('/api/yuan-api/dtentity/ref', {
      params: { entId, field },
    }).then(pairsAsNodes);
  }
  return loaders[name as FixedSource]();
}

export function sourceKey(name: SourceName | 'none'): readonly string[] {
  return ['crud-source', name];
}

/** The nodes of a named source, cached per screen visit (TanStack Query). */
export function useSource(name: SourceName | undefined, enabled = true) {
  return useQuery({
    queryKey: sourceKey(name ?? 'none'),
    queryFn: () => (name ? loadSource(name) : Promise.resolve([])),
    enabled: Boolean(name) && enabled,
    staleTime: 30_000,
  });
}

/** id → title over a whole tree. */
export function titleMap(nodes: TreeNode[] | undefined): Map<string, string> {
  const map = new Map<string, string>();
  const walk = (list: TreeNode[]) => {
    for (const node of list) {
      map.set(node.id, node.title);
      walk(node.children ?? []);
    }
  };
  walk(nodes ?? []);
  return map;
}

/** antd tree data: the server's nodes already carry title/value/key; `disabled` marks a node and its subtree. */
export function withoutSubtree(nodes: TreeNode[], excluded?: string): TreeNode[] {
  if (!excluded) {
    return nodes;
  }
  return nodes
    .filter((node) => node.id !== excluded)
    .map((node) => ({ ...node, children: withoutSubtree(node.children ?? [], excluded) }));
}
