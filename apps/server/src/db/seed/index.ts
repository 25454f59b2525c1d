import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TENANT_ID } from '@yuan/contract';
import type { Insertable } from 'kysely';
import type { Config } from '../../config.ts';
import { nextId } from '../../lib/id.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Database, Kdb } from '../index.ts';
import type { DB } from '../schema.ts';
import { BUTTON_NAMES, buttonsOf, readMenuSeed } from './menus.ts';
import { seedRegions } from './regions.ts';
import { seedServices } from './services.ts';

export interface SeedResult {
  /** Set when the admin account was created now with a generated password. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

/** Menus a tourist may open. */
const TOURIST_MENUS = [
  'desk',
  'wel',
  'generic',
  'wallet0',
  'userLog',
  'userNotice',
  'info',
  'userinfo',
  'userpwd',
];
/** Top menus: code, zh, en, icon, sort and the root menus each one shows. */
const TOP_MENUS: [string, string, string, string, number, string[]][] = [
  ['desk', '工作台', 'Workbench', 'desktop', 1, ['desk', 'generic']],
  ['lowcode', '低代码', 'Low-code', 'appstore', 2, ['lowcode', 'flow']],
  [
    'admin',
    '系统',
    'Administration',
    'setting',
    3,
    ['system', 'authority', 'resource', 'monitor', 'tool', 'report'],
  ],
];

/** Idempotent: creates what is missing and leaves what exists alone (the web client's secret follows the config). */
export function runSeed(database: Database, config: Config): Promise<SeedResult> {
  // Seeding is platform-wide work: it runs as the app role with every tenant visible.
  return database.run({ allTenants: true }, () => seed(database.db, config));
}

/** Tables the seed gives the default tenant one row of, whatever that row is. */
type FirstRowTable = 'yuan_tenant' | 'yuan_dept' | 'yuan_post';

/** The id of the tenant's first row of `table`, made by `make` under a new id when the table has none. */
async function firstRow<T extends FirstRowTable>(
  tx: Kdb,
  table: T,
  tenantId: string,
  make: (id: string) => Insertable<DB[T]>,
): Promise<string> {
  // Read as the union: Kysely cannot resolve a column of a generic table name.
  const found = await tx
    .selectFrom(table as FirstRowTable)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (found) {
    return found.id;
  }
  const id = nextId();
  await tx.insertInto(table).values(make(id)).execute();
  return id;
}

async function seed(db: Kdb, config: Config): Promise<SeedResult> {
  const tenantId = DEFAULT_TENANT_ID;
  return db.transaction().execute(async (tx) => {
    await firstRow(tx, 'yuan_tenant', tenantId, (id) => ({ id, tenant_id: tenantId, tenant_name: '管理组' }));
    const deptId = await firstRow(tx, 'yuan_dept', tenantId, (id) => ({
      tenant_id: tenantId,
      id,
      dept_name: '总部',
      full_name: '总部',
    }));
    const postId = await firstRow(tx, 'yuan_post', tenantId, (id) => ({
      tenant_id: tenantId,
      id,
      post_code: 'ceo',
      post_name: '首席执行官',
    }));

    const roleIdOf = async (alias: string, name: string, sort: number) => {
      const found = await tx
        .selectFrom('yuan_role')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('role_alias', '=', alias)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (found) {
        return { id: found.id, created: false };
      }
      const id = nextId();
      await tx
        .insertInto('yuan_role')
        .values({ tenant_id: tenantId, id, role_name: name, role_alias: alias, sort })
        .execute();
      return { id, created: true };
    };
    const admin = await roleIdOf('administrator', '超级管理员', 1);
    const tourist = await roleIdOf('tourist', '游客', 2);

    const result: SeedResult = { adminCreated: false };
    const adminUser = await tx
      .selectFrom('yuan_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'admin')
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!adminUser) {
      const password = config.adminPassword ?? randomBytes(12).toString('base64url');
      await tx
        .insertInto('yuan_user')
        .values({
          tenant_id: tenantId,
          id: nextId(),
          account: 'admin',
          password: await hashPassword(password),
          name: '管理员',
          real_name: '管理员',
          email: 'admin@example.com',
          role_id: admin.id,
          dept_id: deptId,
          post_id: postId,
        })
        .execute();
      result.adminCreated = true;
      if (!config.adminPassword) {
        result.generatedAdminPassword = password;
        writeFileSync(join(config.dataDir, 'initial-admin-password'), `${password}\n`, { mode: 0o600 });
      }
    }

    const client = await tx
      .selectFrom('yuan_client')
      .select(['id', 'client_secret'])
      .where('client_id', '=', config.webClientId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!client) {
      await tx
        .insertInto('yuan_client')
        .values({
          id: nextId(),
          client_id: config.webClientId,
          client_secret: await hashPassword(config.webClientSecret),
        })
        .execute();
    } else if (!(await verifyPassword(client.client_secret, config.webClientSecret))) {
      await tx
        .updateTable('yuan_client')
        .set({ client_secret: await hashPassword(config.webClientSecret), update_time: new Date() })
        .where('id', '=', client.id)
        .execute();
    }

    await seedRegions(tx);
    await seedServices(tx, tenantId);
    const menuIds = await seedMenus(tx);
    const allMenuIds = [...menuIds.values()];
    const grantMenus = async (roleId: string, ids: string[]) => {
      if (ids.length > 0) {
        await tx
          .insertInto('yuan_role_menu')
          .values(ids.map((menuId) => ({ tenant_id: tenantId, role_id: roleId, menu_id: menuId })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    };
    await grantMenus(admin.id, allMenuIds);
    if (tourist.created) {
      await grantMenus(
        tourist.id,
        TOURIST_MENUS.map((c) => menuIds.get(c)).filter((id): id is string => !!id),
      );
    }

    const anyTop = await tx
      .selectFrom('yuan_top_menu')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!anyTop) {
      const parentOf = new Map(
        (
          await tx.selectFrom('yuan_menu').select(['id', 'parent_id']).where('is_deleted', '=', 0).execute()
        ).map((m) => [m.id, m.parent_id]),
      );
      for (const [code, zh, en, icon, sort, roots] of TOP_MENUS) {
        const id = nextId();
        await tx
          .insertInto('yuan_top_menu')
          .values({ tenant_id: tenantId, id, code, name: zh, name_en: en, source: icon, sort })
          .execute();
        const rootIds = new Set(roots.map((c) => menuIds.get(c)).filter((x): x is string => !!x));
        const under = allMenuIds.filter((mid) => {
          for (let cur: string | undefined = mid; cur && cur !== '0'; cur = parentOf.get(cur)) {
            if (rootIds.has(cur)) {
              return true;
            }
          }
          return false;
        });
        if (under.length > 0) {
          await tx
            .insertInto('yuan_top_menu_setting')
            .values(under.map((menuId) => ({ tenant_id: tenantId, top_menu_id: id, menu_id: menuId })))
            .execute();
        }
      }
    }
    return result;
  });
}

/** Inserts the menus and buttons of menus.tsv that are missing; returns code → id of every seeded code. */
async function seedMenus(tx: Kdb): Promise<Map<string, string>> {
  const seeds = readMenuSeed();
  const existing = await tx
    .selectFrom('yuan_menu')
    .select(['id', 'code'])
    .where('is_deleted', '=', 0)
    .execute();
  const ids = new Map(existing.map((m) => [m.code, m.id]));
  const idByPath = new Map<string, string>();
  const parents = new Set(seeds.map((s) => s.parent).filter((p): p is string => p !== null));
  for (const s of seeds) {
    const parentId = s.parent ? idByPath.get(s.parent) : '0';
    if (parentId === undefined) {
      throw new Error(`menus.tsv: parent ${s.parent} of ${s.path} comes later or is missing`);
    }
    let id = ids.get(s.code);
    if (!id) {
      id = nextId();
      await tx
        .insertInto('yuan_menu')
        .values({
          id,
          parent_id: parentId,
          code: s.code,
          name: s.zh,
          name_en: s.en,
          alias: 'menu',
          path: s.path,
          source: s.icon,
          sort: s.sort,
          category: 1,
          hidden: s.hidden ? 1 : 0,
        })
        .execute();
      ids.set(s.code, id);
    }
    idByPath.set(s.path, id);
    for (const [i, b] of buttonsOf(s, parents.has(s.path)).entries()) {
      const code = `${s.code}_${b}`;
      if (ids.has(code)) {
        continue;
      }
      const [zh, en] = BUTTON_NAMES[b] ?? [b, b];
      const bid = nextId();
      await tx
        .insertInto('yuan_menu')
        .values({
          id: bid,
          parent_id: id,
          code,
          name: zh,
          name_en: en,
          alias: b,
          path: '',
          sort: i + 1,
          category: 2,
          action: 1,
        })
        .execute();
      ids.set(code, bid);
    }
  }
  return ids;
}
