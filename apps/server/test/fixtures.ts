import { type FieldSpec, plainResources, type Resource } from '@yuan/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { nextId } from '../src/lib/id.ts';
import type { Module } from '../src/lib/module/module.ts';
import { hashPassword } from '../src/lib/password.ts';
import { ADMIN_PASSWORD } from './env.ts';
import { createTestApp, type TestApp } from './harness.ts';

export const TENANT_B = '200002';

/** Operational tables that legitimately change on any call (sessions, counters, logs). */
// Kept by the running server for itself (sessions, sign-in state, logs, the nodes on the database), not data.
const VOLATILE = /^yuan_(migration|node|session|refresh_token|login_failure|captcha|verify_code|log_.*)$/;

/** One digest per business table, read as the owner (no RLS), to prove a call changed nothing. */
export async function checksums(t: Pick<TestApp, 'database'>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(
    t.database.root,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (VOLATILE.test(name)) {
      continue;
    }
    const r = await sql<{ d: string | null }>`
      SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS d FROM ${sql.table(name)} x`.execute(
      t.database.root,
    );
    out[name] = r.rows[0]?.d ?? 'empty';
  }
  return out;
}

/** A user of the tenant who signs in with the test password, written straight into the table. */
export async function addUser(
  t: Pick<TestApp, 'database'>,
  user: { tenantId: string; account: string; roleId: string; id?: string; deptId?: string },
): Promise<void> {
  await t.database.root
    .insertInto('yuan_user')
    .values({
      tenant_id: user.tenantId,
      id: user.id ?? nextId(),
      account: user.account,
      password: await hashPassword(ADMIN_PASSWORD),
      role_id: user.roleId,
      ...(user.deptId === undefined ? {} : { dept_id: user.deptId }),
    })
    .execute();
}

async function userWithRole(t: TestApp, tenantId: string, account: string, menuCodes: 'all' | 'none') {
  const root = t.database.root;
  const roleId = nextId();
  await root
    .insertInto('yuan_role')
    .values({ tenant_id: tenantId, id: roleId, role_name: account, role_alias: `${account}-role` })
    .execute();
  if (menuCodes === 'all') {
    const menus = await root.selectFrom('yuan_menu').select('id').where('is_deleted', '=', 0).execute();
    await root
      .insertInto('yuan_role_menu')
      .values(menus.map((m) => ({ tenant_id: tenantId, role_id: roleId, menu_id: m.id })))
      .execute();
  }
  await addUser(t, { tenantId, account, roleId });
}

/** Tenant B with an administrator granted every menu, and a user of tenant A whose role is granted nothing. */
export async function twoTenants(t: TestApp) {
  await t.database.root
    .insertInto('yuan_tenant')
    .values({ id: nextId(), tenant_id: TENANT_B, tenant_name: 'B' })
    .execute();
  await t.database.root
    .insertInto('yuan_dept')
    .values({ tenant_id: TENANT_B, id: nextId(), dept_name: 'B' })
    .execute();
  await t.database.root
    .insertInto('yuan_post')
    .values({ tenant_id: TENANT_B, id: nextId(), post_code: 'b', post_name: 'B' })
    .execute();
  await userWithRole(t, TENANT_B, 'admin', 'all');
  await userWithRole(t, '000000', 'nobody', 'none');
  const a = (await t.login()).access_token;
  const b = (await t.login({ tenantId: TENANT_B, ip: '10.9.0.2' })).access_token;
  const noPerm = (await t.login({ username: 'nobody', ip: '10.9.0.3' })).access_token;
  return { a, b, noPerm };
}

function sampleValue(name: string, f: FieldSpec, n: number): string | number | null {
  if (f.kind === 'int') {
    return Math.min(f.max ?? 1, Math.max(f.min ?? 1, 1));
  }
  if (f.kind === 'datetime') {
    return '2099-12-31 23:59:59';
  }
  if (name === 'img' || name === 'avatar') {
    return `/img/${n}.png`;
  }
  // Attachments and help videos: addresses of this origin, and one of the column codes.
  if (name === 'link') {
    return `/oss/sample/${n}.txt`;
  }
  if (name === 'frontPath' || name === 'contentPath') {
    return `/oss/sample/${n}.${name === 'frontPath' ? 'png' : 'mp4'}`;
  }
  if (name === 'columnNo') {
    return 'M01';
  }
  if (name === 'tenantId') {
    return String(300_000 + n);
  }
  if (name === 'parentId') {
    return '0';
  }
  if (name === 'datasourceId') {
    // A tenant's datasource must exist; the samples leave it unbound.
    return '';
  }
  if (name === 'url') {
    return `postgresql://db-${n}.example:5432/yuan`;
  }
  // The code generator's names become identifiers and paths.
  if (name === 'tableName') {
    return `table_${n}`;
  }
  if (name === 'resourceName') {
    return `resource${n}`;
  }
  if (name === 'apiPath') {
    return `/api/sample-${n}`;
  }
  if (name === 'querySql') {
    return `select ${n} as n`;
  }
  if (f.kind === 'bool') {
    return 'true';
  }
  if (f.kind === 'json') {
    // Structured settings (a report's parameters, a map's tree) start empty.
    return null;
  }
  if (f.kind === 'id' || f.kind === 'ids') {
    return String(n);
  }
  return `${name}-${n}`.slice(0, f.max ?? 255);
}

/** Ids a tenant's own rows point at (a user's role, department and post). */
export type Refs = Partial<Record<'roleId' | 'deptId' | 'postId', string>>;

export async function refsOf(t: TestApp, tenantId: string): Promise<Refs> {
  const first = async (table: 'yuan_role' | 'yuan_dept' | 'yuan_post') =>
    (
      await t.database.root
        .selectFrom(table)
        .select('id')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst()
    )?.id;
  return {
    roleId: await first('yuan_role'),
    deptId: await first('yuan_dept'),
    postId: await first('yuan_post'),
  };
}

/** A valid submit body for a resource; `refs` fills fields that must point at the tenant's own rows. */
export function sampleBody(res: Resource, n = 1, refs: Refs = {}): Record<string, string | number | null> {
  const body: Record<string, string | number | null> = {};
  for (const [name, f] of Object.entries(res.fields)) {
    body[name] = refs[name as keyof Refs] ?? sampleValue(name, f, n);
  }
  for (const [name, f] of Object.entries(res.fields)) {
    if (f.sameAs) {
      body[name] = body[f.sameAs] ?? '';
    }
  }
  return body;
}

/** The second factor's calls sit under the user resource's path but act on the caller's own factors. */
const NOT_RESOURCE_ROUTES = /^\/api\/yuan-user\/mfa\//;

/** The plain resource a route belongs to, by its path prefix. */
export function resourceOf(url: string): Resource | undefined {
  if (NOT_RESOURCE_ROUTES.test(url)) {
    return undefined;
  }
  return plainResources.find((r) => url.startsWith(`${r.basePath}/`));
}

/** A row written straight into a read-only resource's table (logs have no submit call). Returns its id. */
export async function insertRow(t: TestApp, res: Resource, tenantId: string, n: number): Promise<string> {
  const id = nextId();
  const values: Record<string, unknown> = { id, ...(res.tenantScoped ? { tenant_id: tenantId } : {}) };
  for (const [name, value] of Object.entries(sampleBody(res, n))) {
    if (res.columns[name]) {
      values[res.columns[name]] = value;
    }
  }
  await sql`INSERT INTO ${sql.table(res.table)} (${sql.join(Object.keys(values).map((c) => sql.ref(c)))})
    VALUES (${sql.join(Object.values(values))})`.execute(t.database.root);
  return id;
}

export type TenantTokens = Awaited<ReturnType<typeof twoTenants>>;

function live<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new Error('the test app is used outside the tests of its file');
  }
  return value;
}

/**
 * The set-up most API test files share: one test app of the given modules (see createTestApp) with the two tenants
 * above for the whole file, closed at the end. The returned handles read the app and tokens made in `beforeAll`.
 */
export function twoTenantApp(
  env: () => Record<string, string>,
  modules: readonly Module<unknown>[],
): {
  t: TestApp;
  tokens: TenantTokens;
} {
  let app: TestApp | undefined;
  let made: TenantTokens | undefined;
  beforeAll(async () => {
    app = await createTestApp(env(), modules);
    made = await twoTenants(app);
  });
  afterAll(() => app?.close());
  const t = new Proxy({} as TestApp, {
    get(_target, key) {
      const target = live(app);
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const tokens: TenantTokens = {
    get a() {
      return live(made).a;
    },
    get b() {
      return live(made).b;
    },
    get noPerm() {
      return live(made).noPerm;
    },
  };
  return { t, tokens };
}
