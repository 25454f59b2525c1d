import type { ButtonNode, Language, MenuNode } from '@yuan/contract';
import { ownText } from '../i18n/index.ts';

/** Menu rules of SPEC §6, as pure functions over the server's menu tree. */

/** http(s) paths leave the application; they never get an /index suffix. */
export function isHttpPath(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/** External pages (http(s) or .html) open inside /myiframe. */
export function isExternalPath(path: string): boolean {
  return isHttpPath(path) || /\.html?(\?.*)?$/i.test(path);
}

/** Leaf paths get /index unless external, already ending in /index, or ending in a route parameter. */
export function withIndexSuffix(path: string): string {
  if (isHttpPath(path) || path.endsWith('/index')) {
    return path;
  }
  const last = path.split('/').pop() ?? '';
  if (last.startsWith(':')) {
    return path;
  }
  return `${path.replace(/\/$/, '')}/index`;
}

function hasChildren(node: { children?: unknown[] }): boolean {
  return Array.isArray(node.children) && node.children.length > 0;
}

/** Keeps items with no meta.roles, or whose roles include one of the current roles. */
export function filterByRoles(nodes: MenuNode[], roles: readonly string[]): MenuNode[] {
  return nodes
    .filter((node) => {
      const allowed = node.meta?.roles;
      return !allowed || allowed.length === 0 || allowed.some((role) => roles.includes(role));
    })
    .map((node) => ({ ...node, children: filterByRoles(node.children ?? [], roles) }));
}

/** Without a chosen top menu, entries with a negative sort are hidden (only sort ≥ 0 kept). */
export function filterBySort(nodes: MenuNode[], topMenuChosen: boolean): MenuNode[] {
  if (topMenuChosen) {
    return nodes;
  }
  return nodes
    .filter((node) => node.sort >= 0)
    .map((node) => ({ ...node, children: filterBySort(node.children ?? [], false) }));
}

/** Applies the /index suffix to every leaf path. */
export function formatPaths(nodes: MenuNode[]): MenuNode[] {
  return nodes.map((node) =>
    hasChildren(node)
      ? { ...node, children: formatPaths(node.children) }
      : { ...node, path: withIndexSuffix(node.path), children: [] },
  );
}

/** The menu the shell shows: role filter, sort rule, then leaf path formatting. */
export function prepareMenu(nodes: MenuNode[], roles: readonly string[], topMenuId?: string): MenuNode[] {
  return formatPaths(filterBySort(filterByRoles(nodes, roles), Boolean(topMenuId)));
}

/** Nodes marked hidden are routes but not sidebar entries. */
export function visibleMenu(nodes: MenuNode[]): MenuNode[] {
  return nodes
    .filter((node) => !node.hidden)
    .map((node) => ({ ...node, children: visibleMenu(node.children) }));
}

/** Every leaf (a routable screen), hidden ones included. */
export function flattenLeaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => (hasChildren(node) ? flattenLeaves(node.children) : [node]));
}

/** Button permissions: each leaf code of the button tree is marked true. */
export function buttonPermissions(nodes: ButtonNode[]): Record<string, true> {
  const result: Record<string, true> = {};
  const walk = (list: ButtonNode[]) => {
    for (const node of list) {
      if (hasChildren(node)) {
        walk(node.children);
      } else if (node.code) {
        result[node.code] = true;
      }
    }
  };
  walk(nodes);
  return result;
}

export function roleList(roleName: string | undefined): string[] {
  return (roleName ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
}

/** True when the comma-separated role_name contains admin or administrator. */
export function isAdmin(roleName: string | undefined): boolean {
  return roleList(roleName).some((role) => role === 'admin' || role === 'administrator');
}

/** True when role_name is exactly tourist. */
export function isTourist(roleName: string | undefined): boolean {
  return roleName === 'tourist';
}

/** The menu name in the current language: the tenant's own text (menuName.<code>), the menu's, or its `name`. */
export function menuLabel(
  node: Pick<MenuNode, 'name' | 'i18n'> & { code?: string },
  language: Language,
): string {
  return (node.code && ownText(`menuName.${node.code}`)) || node.i18n?.[language] || node.name;
}

/** Menu search: visible leaves whose name in the current language starts with the text, case-insensitive. */
export function searchMenu(nodes: MenuNode[], text: string, language: Language): MenuNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) {
    return [];
  }
  return flattenLeaves(visibleMenu(nodes)).filter((node) =>
    menuLabel(node, language).toLowerCase().startsWith(needle),
  );
}

/** Matches a concrete pathname against a menu path that may contain `:param` segments. */
export function matchMenuPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) {
    return null;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) {
      params[want[i].slice(1)] = decodeURIComponent(have[i]);
    } else if (want[i] !== have[i]) {
      return null;
    }
  }
  return params;
}

/** The leaf whose (formatted) path matches the pathname; exact paths win over parameterised ones. */
export function findMenuByPath(nodes: MenuNode[], pathname: string): MenuNode | undefined {
  const leaves = flattenLeaves(nodes);
  return (
    leaves.find((node) => node.path === pathname) ??
    leaves.find((node) => node.path.includes(':') && matchMenuPath(node.path, pathname) !== null)
  );
}

/** The path a menu click navigates to: external pages go through /myiframe with src and name. */
export function menuTarget(node: MenuNode, language: Language): string {
  if (isExternalPath(node.path)) {
    const query = new URLSearchParams({ src: node.path, name: menuLabel(node, language) });
    return `/myiframe/urlPath?${query.toString()}`;
  }
  return node.path;
}
