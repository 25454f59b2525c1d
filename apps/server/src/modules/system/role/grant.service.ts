import { DEFAULT_TENANT_ID, type Language, type RoleGrant } from '@yuan/contract';
import { afterCommit } from '../../../db/scope.ts';
import { nest, type TreeNode } from '../../../lib/crud/tree.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../types.ts';
import {
  type GrantRepo,
  ROLE_MENUS,
  roleScopes,
  SCOPE_API,
  SCOPE_DATA,
  TOP_MENU_MENUS,
} from './grant.repo.ts';

const ids = (list: string | undefined) => [...new Set((list ?? '').split(',').filter(Boolean))];

/**
 * Role grants (menus and buttons, data scopes, API scopes) and top-menu grants. A tenant with a package can grant
 * only the package's menus; the platform tenant is not limited. Caches of permissions and menu trees are dropped
 * once a grant commits.
 */
export class GrantService {
  constructor(
    private readonly repo: GrantRepo,
    private readonly caches: { clear(): void }[],
  ) {}

  private changed(): void {
    afterCommit(() => {
      for (const cache of this.caches) {
        cache.clear();
      }
    });
  }

  private async allowedMenus(ctx: AuthContext): Promise<Set<string> | null> {
    return ctx.tenantId === DEFAULT_TENANT_ID ? null : this.repo.packageMenuIds(ctx.tenantId);
  }

  async grant(ctx: AuthContext, body: RoleGrant): Promise<void> {
    const roleIds = ids(body.roleIds);
    if ((await this.repo.liveIds('yuan_role', roleIds, ctx.tenantId)).length !== roleIds.length) {
      throw notFound();
    }
    const menuIds = ids(body.menuIds);
    const dataIds = ids(body.dataScopeIds);
    const apiIds = ids(body.apiScopeIds);
    if ((await this.repo.liveIds('yuan_menu', menuIds)).length !== menuIds.length) {
      throw notFound();
    }
    const allowed = await this.allowedMenus(ctx);
    if (allowed && menuIds.some((id) => !allowed.has(id))) {
      throw new AppError(403, 'error.outsidePackage');
    }
    if ((await this.repo.liveIds('yuan_scope_data', dataIds)).length !== dataIds.length) {
      throw notFound();
    }
    if ((await this.repo.liveIds('yuan_scope_api', apiIds)).length !== apiIds.length) {
      throw notFound();
    }
    await this.repo.replaceLinks(ROLE_MENUS, ctx.tenantId, roleIds, menuIds);
    await this.repo.replaceLinks(roleScopes(SCOPE_DATA), ctx.tenantId, roleIds, dataIds);
    await this.repo.replaceLinks(roleScopes(SCOPE_API), ctx.tenantId, roleIds, apiIds);
    this.changed();
  }

  async keys(ctx: AuthContext, roleIdList: string) {
    const roleIds = ids(roleIdList);
    return {
      menu: await this.repo.linkedIds(ROLE_MENUS, ctx.tenantId, roleIds),
      dataScope: await this.repo.linkedIds(roleScopes(SCOPE_DATA), ctx.tenantId, roleIds),
      apiScope: await this.repo.linkedIds(roleScopes(SCOPE_API), ctx.tenantId, roleIds),
    };
  }

  /** The trees of the grant dialog: menus with their buttons, and the data and API scopes under their menus. */
  async grantTree(
    ctx: AuthContext,
    lang: Language,
  ): Promise<{ menu: TreeNode[]; dataScope: TreeNode[]; apiScope: TreeNode[] }> {
    const allowed = await this.allowedMenus(ctx);
    const menus = (await this.repo.menusAndButtons()).filter((m) => !allowed || allowed.has(m.id));
    const title = (m: { name: string; name_en: string }) => (lang === 'en' && m.name_en ? m.name_en : m.name);
    const menuRows = menus.map((m) => ({ id: m.id, parentId: m.parent_id, title: title(m) }));
    const scopeTree = async (category: number) => {
      const scopes = await this.repo.scopes(category);
      const owners = new Set(scopes.map((s) => s.menu_id));
      const ownerRows = menus
        .filter((m) => m.category === 1 && owners.has(m.id))
        .map((m) => ({ id: m.id, parentId: '0', title: title(m) }));
      // Scope ids and menu ids come from one id generator, so they cannot collide in one tree.
      const scopeRows = scopes
        .filter((s) => ownerRows.some((o) => o.id === s.menu_id))
        .map((s) => ({ id: s.id, parentId: s.menu_id, title: s.scope_name }));
      return nest([...ownerRows, ...scopeRows]);
    };
    return {
      menu: nest(menuRows),
      dataScope: await scopeTree(SCOPE_DATA),
      apiScope: await scopeTree(SCOPE_API),
    };
  }

  /** Menus (no buttons) for the top-menu grant dialog. */
  async topTree(ctx: AuthContext, lang: Language): Promise<TreeNode[]> {
    const allowed = await this.allowedMenus(ctx);
    const menus = (await this.repo.menusAndButtons()).filter(
      (m) => m.category === 1 && (!allowed || allowed.has(m.id)),
    );
    return nest(
      menus.map((m) => ({
        id: m.id,
        parentId: m.parent_id,
        title: lang === 'en' && m.name_en ? m.name_en : m.name,
      })),
    );
  }

  topKeys(ctx: AuthContext, topMenuIds: string): Promise<string[]> {
    return this.repo.linkedIds(TOP_MENU_MENUS, ctx.tenantId, ids(topMenuIds));
  }

  async grantTop(ctx: AuthContext, body: { topMenuIds: string; menuIds?: string }): Promise<void> {
    const topIds = ids(body.topMenuIds);
    if ((await this.repo.liveIds('yuan_top_menu', topIds, ctx.tenantId)).length !== topIds.length) {
      throw notFound();
    }
    const menuIds = ids(body.menuIds);
    if ((await this.repo.liveIds('yuan_menu', menuIds)).length !== menuIds.length) {
      throw notFound();
    }
    const allowed = await this.allowedMenus(ctx);
    if (allowed && menuIds.some((id) => !allowed.has(id))) {
      throw new AppError(403, 'error.outsidePackage');
    }
    await this.repo.replaceLinks(TOP_MENU_MENUS, ctx.tenantId, topIds, menuIds);
    this.changed();
  }
}
