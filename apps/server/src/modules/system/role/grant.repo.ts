import type { Kdb } from '../../../db/index.ts';

export const SCOPE_DATA = 1;
export const SCOPE_API = 2;

/** Grants of menus, buttons, scopes and top menus. SQL only. */
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

  async liveRoleIds(tenantId: string, ids: string[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    return rows.map((r) => r.id);
  }

  async liveMenuIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('yuan_menu')
      .select('id')
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    return rows.map((r) => r.id);
  }

  async liveScopeIds(category: number, ids: string[]): Promise<string[]> {
    if (ids.length === 0) {
      return [];
    }
    const table = category === SCOPE_DATA ? 'yuan_scope_data' : 'yuan_scope_api';
    const rows = await this.db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    return rows.map((r) => r.id);
  }

  async replaceRoleMenus(tenantId: string, roleIds: string[], menuIds: string[]): Promise<void> {
    await this.db
      .deleteFrom('yuan_role_menu')
      .where('tenant_id', '=', tenantId)
      .where('role_id', 'in', roleIds)
      .execute();
    const rows = roleIds.flatMap((roleId) =>
      menuIds.map((menuId) => ({ tenant_id: tenantId, role_id: roleId, menu_id: menuId })),
    );
    if (rows.length > 0) {
      await this.db.insertInto('yuan_role_menu').values(rows).execute();
    }
  }

  async replaceRoleScopes(
    tenantId: string,
    roleIds: string[],
    category: number,
    scopeIds: string[],
  ): Promise<void> {
    await this.db
      .deleteFrom('yuan_role_scope')
      .where('tenant_id', '=', tenantId)
      .where('role_id', 'in', roleIds)
      .where('scope_category', '=', category)
      .execute();
    const rows = roleIds.flatMap((roleId) =>
      scopeIds.map((scopeId) => ({
        tenant_id: tenantId,
        role_id: roleId,
        scope_category: category,
        scope_id: scopeId,
      })),
    );
    if (rows.length > 0) {
      await this.db.insertInto('yuan_role_scope').values(rows).execute();
    }
  }

  async roleMenuIds(tenantId: string, roleIds: string[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_role_menu')
      .select('menu_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('role_id', 'in', roleIds)
      .execute();
    return rows.map((r) => r.menu_id);
  }

  async roleScopeIds(tenantId: string, roleIds: string[], category: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_role_scope')
      .select('scope_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('role_id', 'in', roleIds)
      .where('scope_category', '=', category)
      .execute();
    return rows.map((r) => r.scope_id);
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

  async liveTopMenuIds(tenantId: string, ids: string[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_top_menu')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    return rows.map((r) => r.id);
  }

  async replaceTopMenus(tenantId: string, topMenuIds: string[], menuIds: string[]): Promise<void> {
    await this.db
      .deleteFrom('yuan_top_menu_setting')
      .where('tenant_id', '=', tenantId)
      .where('top_menu_id', 'in', topMenuIds)
      .execute();
    const rows = topMenuIds.flatMap((t) =>
      menuIds.map((menuId) => ({ tenant_id: tenantId, top_menu_id: t, menu_id: menuId })),
    );
    if (rows.length > 0) {
      await this.db.insertInto('yuan_top_menu_setting').values(rows).execute();
    }
  }

  async topMenuMenuIds(tenantId: string, topMenuIds: string[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_top_menu_setting')
      .select('menu_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('top_menu_id', 'in', topMenuIds)
      .execute();
    return rows.map((r) => r.menu_id);
  }
}
