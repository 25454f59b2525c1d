import type { ButtonNode, Language, MenuNode, TopMenu } from '@yuan/contract';
import { notFound } from '../../../lib/errors.ts';
import type { Cache } from '../../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import type { AuthContext } from '../../../types.ts';
import type { MenuRepo, MenuRow } from './menu.repo.ts';

const TTL_MS = 10_000;

/**
 * The caller's menu tree, button codes and top menus, filtered by the caller's roles. Every page load asks for the
 * tree, so trees are kept briefly per tenant, role set, top menu and language; `clear` drops them after a change.
 */
export class MenuService {
  private readonly trees: Cache<MenuNode[]>;

  constructor(
    private readonly repo: MenuRepo,
    caches: CacheRegistry,
  ) {
    // A change drops the trees (`clear`); the time to live only bounds a drop that went astray. While one caller
    // rebuilds an expired tree, the others keep the one they had rather than all waiting for the rebuild.
    this.trees = caches.cache({ name: 'system.menuTrees', max: 5_000, ttlMs: TTL_MS, staleMs: TTL_MS });
  }

  async routes(ctx: AuthContext, lang: Language, topMenuId?: string): Promise<MenuNode[]> {
    const key = `${ctx.tenantId}|${[...ctx.roleIds].sort().join(',')}|${topMenuId ?? ''}|${lang}`;
    return this.trees.load(key, async () => {
      if (topMenuId && !(await this.repo.topMenuExists(ctx.tenantId, topMenuId))) {
        throw notFound();
      }
      const granted = await this.repo.grantedMenus(ctx.tenantId, ctx.roleIds, 1, topMenuId);
      const rows = withAncestors(granted, await this.repo.allMenus());
      return buildTree(rows, (row) => toNode(row, lang));
    });
  }

  /** Menus without buttons for the menu pickers: all of them, or one level. */
  pickerMenus(parentId?: string) {
    return this.repo.pickerMenus(parentId);
  }

  clear(): void {
    this.trees.clear();
  }

  async buttons(ctx: AuthContext): Promise<ButtonNode[]> {
    const buttons = await this.repo.grantedMenus(ctx.tenantId, ctx.roleIds, 2);
    const owners = new Map((await this.repo.allMenus()).map((m) => [m.id, m]));
    const byOwner = new Map<string, ButtonNode>();
    for (const b of buttons) {
      const owner = owners.get(b.parent_id);
      if (!owner) {
        continue;
      }
      let node = byOwner.get(owner.id);
      if (!node) {
        node = { id: owner.id, code: owner.code, name: owner.name, children: [] };
        byOwner.set(owner.id, node);
      }
      node.children.push({ id: b.id, code: b.code, name: b.name, children: [] });
    }
    return [...byOwner.values()];
  }

  async topMenus(ctx: AuthContext, lang: Language): Promise<TopMenu[]> {
    const rows = await this.repo.topMenus(ctx.tenantId);
    return rows.map((t) => ({
      id: t.id,
      code: t.code,
      name: lang === 'en' && t.name_en ? t.name_en : t.name,
      source: t.source,
      sort: t.sort,
      path: t.path,
    }));
  }
}

function withAncestors(granted: MenuRow[], all: MenuRow[]): MenuRow[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Map(granted.map((m) => [m.id, m]));
  for (const m of granted) {
    let parent = byId.get(m.parent_id);
    while (parent && !keep.has(parent.id)) {
      keep.set(parent.id, parent);
      parent = byId.get(parent.parent_id);
    }
  }
  return all.filter((m) => keep.has(m.id));
}

function toNode(row: MenuRow, lang: Language): MenuNode {
  const en = row.name_en || row.name;
  return {
    id: row.id,
    parentId: row.parent_id,
    code: row.code,
    name: lang === 'en' ? en : row.name,
    i18n: { zh: row.name, en },
    path: row.path,
    source: row.source,
    sort: row.sort,
    category: row.category === 2 ? 2 : 1,
    isOpen: row.is_open === 2 ? 2 : 1,
    hidden: row.hidden === 1,
    meta: { i18n: row.code },
    children: [],
  };
}

/** Rows (sorted) into a tree; rows whose parent is absent become roots. */
export function buildTree<R extends { id: string; parent_id: string }, N extends { children: N[] }>(
  rows: R[],
  map: (row: R) => N,
): N[] {
  const nodes = new Map(rows.map((r) => [r.id, map(r)]));
  const roots: N[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = nodes.get(r.parent_id);
    if (parent) {
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  return roots;
}
