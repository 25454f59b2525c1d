import { sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';

/** A tenant with a package sees only the package's menus (the condition is true when it has none). */
const inPackage = (tenantId: string, menuId: ReturnType<typeof sql.ref>) => sql<boolean>`NOT EXISTS (
  SELECT 1 FROM yuan_tenant t JOIN yuan_tenant_package p ON p.id = t.package_id AND p.is_deleted = 0
  WHERE t.tenant_id = ${tenantId} AND NOT (${menuId}::text = ANY (string_to_array(p.menu_id, ','))))`;

export type MenuRow = Awaited<ReturnType<MenuRepo['grantedMenus']>>[number];

/** Menus granted to roles, and top menus. SQL only. */
/** What a menu tree node needs of a menu row. */
const TREE_COLUMNS = [
  'id',
  'parent_id',
  'code',
  'name',
  'name_en',
  'alias',
  'path',
  'source',
  'sort',
  'category',
  'is_open',
  'hidden',
] as const;

export class MenuRepo {
  constructor(private readonly db: Kdb) {}

  /** Menus (category 1) or buttons (category 2) granted to any of the roles, with every ancestor menu. */
  grantedMenus(tenantId: string, roleIds: string[], category: 1 | 2, topMenuId?: string) {
    let granted = this.db
      .selectFrom('yuan_role_menu as rm')
      .select('rm.menu_id')
      .where('rm.tenant_id', '=', tenantId)
      .where('rm.role_id', 'in', roleIds.length > 0 ? roleIds : ['-1']);
    if (topMenuId) {
      granted = granted.where('rm.menu_id', 'in', (qb) =>
        qb
          .selectFrom('yuan_top_menu_setting')
          .select('menu_id')
          .where('tenant_id', '=', tenantId)
          .where('top_menu_id', '=', topMenuId),
      );
    }
    return this.db
      .selectFrom('yuan_menu')
      .select(TREE_COLUMNS)
      .where('is_deleted', '=', 0)
      .where('category', '=', category)
      .where('id', 'in', granted)
      .where(inPackage(tenantId, sql.ref('yuan_menu.id')))
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Menus without buttons for pickers: all, or the children of one menu. */
  pickerMenus(parentId?: string) {
    let q = this.db
      .selectFrom('yuan_menu')
      .select([
        'id',
        'parent_id as parentId',
        'code',
        'name',
        'name_en as nameEn',
        'path',
        'source',
        'sort',
        'category',
      ])
      .where('is_deleted', '=', 0)
      .where('category', '=', 1);
    if (parentId) {
      q = q.where('parent_id', '=', parentId);
    }
    return q.orderBy('sort').orderBy('id').execute();
  }

  /** Every non-deleted menu (for adding the ancestors of granted ones). */
  allMenus() {
    return this.db
      .selectFrom('yuan_menu')
      .select(TREE_COLUMNS)
      .where('is_deleted', '=', 0)
      .where('category', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  topMenus(tenantId: string) {
    return this.db
      .selectFrom('yuan_top_menu')
      .select(['id', 'code', 'name', 'name_en', 'source', 'sort', 'path'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .orderBy('sort')
      .execute();
  }

  topMenuExists(tenantId: string, id: string) {
    return this.db
      .selectFrom('yuan_top_menu')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
  }

  /** Codes of every menu and button granted to any of the roles. */
  async grantedCodes(tenantId: string, roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('yuan_menu as m')
      .innerJoin('yuan_role_menu as rm', 'rm.menu_id', 'm.id')
      .select('m.code')
      .distinct()
      .where('rm.tenant_id', '=', tenantId)
      .where('rm.role_id', 'in', roleIds)
      .where('m.is_deleted', '=', 0)
      .where(inPackage(tenantId, sql.ref('m.id')))
      .execute();
    return rows.map((r) => r.code);
  }
}
