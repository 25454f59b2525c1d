import type { Kdb } from '../../../db/index.ts';

export const SCOPE_DATA = 1;
export const SCOPE_API = 2;

type LiveTable = 'yuan_role' | 'yuan_menu' | 'yuan_scope_data' | 'yuan_scope_api' | 'yuan_top_menu';

/** A link table: owners (roles, top menus) to items (menus, scopes), with fixed extra columns. */
export interface Link {
  table: 'yuan_role_menu' | 'yuan_role_scope' | 'yuan_top_menu_setting';
  owner: 'role_id' | 'top_menu_id';
  item: 'menu_id' | 'scope_id';
  extra?: { scope_category: number };
}
export const ROLE_MENUS: Link = { table: 'yuan_role_menu', owner: 'role_id', item: 'menu_id' };
export const roleScopes = (category: number): Link => ({
  table: 'yuan_role_scope',
  owner: 'role_id',
  item: 'scope_id',
  extra: { scope_category: category },
});
export const TOP_MENU_MENUS: Link = { table: 'yuan_top_menu_setting', owner: 'top_menu_id', item: 'menu_id' };

/** Grants of menus, buttons, scopes and top menus. SQL only; table and column names come from the constants above. */
export class GrantRepo {
  constructor(private readonly db: Kdb) {}

  /** The menu ids of the tenant's package, or null when the tenant has no package (no limit). */
  async packageMenuIds(tenantId: string): Promise<Set<string> | null> {
    const row = await this.db
      .selectFrom('yuan_tenant as t')
      .innerJoin('yuan_tenant_package as p', 'p.id', 't.package_id')
      .select('p.menu_id')
      .where('t.tenant_id', '=', tenantId)
      .where('p.is_deleted', '=', 0)
      .executeTakeFirst();
    return row ? new Set(row.menu_id.split(',').filter(Boolean)) : null;
  }

  /** Which of the ids are live rows of the table (of the tenant, for tenant tables). */
  async liveIds(table: LiveTable, ids: string[], tenantId?: string): Promise<string[]> {
    if (ids.length === 0) {
      return [];
    }
    let q = this.db.selectFrom(table).select('id').where('id', 'in', ids).where('is_deleted', '=', 0);
    if (tenantId !== undefined) {
      q = q.where('tenant_id', '=', tenantId);
    }
    return (await q.execute()).map((r) => String(r.id));
  }

  /** Replaces the items linked to the owners (a role's menus or scopes, a top menu's menus). */
  async replaceLinks(link: Link, tenantId: string, ownerIds: string[], itemIds: string[]): Promise<void> {
    let del = this.db
      .deleteFrom(link.table)
      .where('tenant_id', '=', tenantId)
      .where(link.owner, 'in', ownerIds);
    if (link.extra) {
      del = del.where('scope_category', '=', link.extra.scope_category);
    }
    await del.execute();
    const rows = ownerIds.flatMap((owner) =>
      itemIds.map((item) => ({ tenant_id: tenantId, [link.owner]: owner, [link.item]: item, ...link.extra })),
    );
    if (rows.length > 0) {
      await this.db.insertInto(link.table).values(rows).execute();
    }
  }

  /** The items linked to any of the owners. */
  async linkedIds(link: Link, tenantId: string, ownerIds: string[]): Promise<string[]> {
    let q = this.db
      .selectFrom(link.table)
      .select(link.item)
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where(link.owner, 'in', ownerIds);
    if (link.extra) {
      q = q.where('scope_category', '=', link.extra.scope_category);
    }
    return (await q.execute()).map((r) => String(r[link.item]));
  }

  menusAndButtons() {
    return this.db
      .selectFrom('yuan_menu')
      .select(['id', 'parent_id', 'name', 'name_en', 'category', 'sort'])
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  scopes(category: number) {
    const table = category === SCOPE_DATA ? 'yuan_scope_data' : 'yuan_scope_api';
    return this.db
      .selectFrom(table)
      .select(['id', 'menu_id', 'scope_name'])
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .execute();
  }
}
