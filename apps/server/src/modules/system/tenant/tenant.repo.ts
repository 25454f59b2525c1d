import { DEFAULT_TENANT_ID } from '@yuan/contract';
import type { Kdb } from '../../../db/index.ts';
import { paramValue } from '../param/param.repo.ts';

/** Tenant set-up and settings. SQL only; runs in an all-tenants scope of the platform tenant. */
export class TenantRepo {
  constructor(private readonly db: Kdb) {}

  async tenantIdTaken(tenantId: string): Promise<boolean> {
    return (
      (await this.db
        .selectFrom('yuan_tenant')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst()) !== undefined
    );
  }

  async platformRowId(): Promise<string | undefined> {
    return (
      await this.db
        .selectFrom('yuan_tenant')
        .select('id')
        .where('tenant_id', '=', '000000')
        .executeTakeFirst()
    )?.id;
  }

  platformParam(key: string): Promise<string | undefined> {
    return paramValue(this.db, DEFAULT_TENANT_ID, key);
  }

  async packageMenuIds(packageId: string | null): Promise<string[] | null> {
    if (!packageId) {
      return null;
    }
    const p = await this.db
      .selectFrom('yuan_tenant_package')
      .select('menu_id')
      .where('id', '=', packageId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return p ? p.menu_id.split(',').filter(Boolean) : null;
  }

  async allMenuIds(): Promise<string[]> {
    return (await this.db.selectFrom('yuan_menu').select('id').where('is_deleted', '=', 0).execute()).map(
      (m) => m.id,
    );
  }

  async seedOrganisation(o: {
    tenantId: string;
    tenantName: string;
    ids: { dept: string; post: string; role: string; user: string };
    passwordHash: string;
    menuIds: string[];
  }): Promise<void> {
    const t = o.tenantId;
    await this.db
      .insertInto('yuan_dept')
      .values({ tenant_id: t, id: o.ids.dept, dept_name: o.tenantName, full_name: o.tenantName })
      .execute();
    await this.db
      .insertInto('yuan_post')
      .values({ tenant_id: t, id: o.ids.post, post_code: 'ceo', post_name: '首席执行官' })
      .execute();
    await this.db
      .insertInto('yuan_role')
      .values({ tenant_id: t, id: o.ids.role, role_name: '管理员', role_alias: 'administrator' })
      .execute();
    if (o.menuIds.length > 0) {
      await this.db
        .insertInto('yuan_role_menu')
        .values(o.menuIds.map((menuId) => ({ tenant_id: t, role_id: o.ids.role, menu_id: menuId })))
        .execute();
    }
    await this.db
      .insertInto('yuan_user')
      .values({
        tenant_id: t,
        id: o.ids.user,
        account: 'admin',
        password: o.passwordHash,
        name: '管理员',
        real_name: '管理员',
        role_id: o.ids.role,
        dept_id: o.ids.dept,
        post_id: o.ids.post,
      })
      .execute();
  }

  async setting(
    ids: string[],
    values: { account_number?: number; expire_time?: string | null },
  ): Promise<number> {
    const r = await this.db
      .updateTable('yuan_tenant')
      .set(values)
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async setColumn(
    tenantId: string,
    values: { datasource_id?: string | null; package_id?: string | null },
  ): Promise<number> {
    const r = await this.db
      .updateTable('yuan_tenant')
      .set(values)
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async datasourceExists(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('yuan_datasource')
      .select('id')
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  async packageOf(tenantId: string) {
    return this.db
      .selectFrom('yuan_tenant as t')
      .leftJoin('yuan_tenant_package as p', (j) =>
        j.onRef('p.id', '=', 't.package_id').on('p.is_deleted', '=', 0),
      )
      .select([
        't.tenant_id as tenantId',
        't.package_id as packageId',
        'p.package_name as packageName',
        'p.menu_id as menuId',
      ])
      .where('t.tenant_id', '=', tenantId)
      .where('t.is_deleted', '=', 0)
      .executeTakeFirst();
  }
}
