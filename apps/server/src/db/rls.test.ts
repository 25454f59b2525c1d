import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { APP_ROLE, ScopeError } from './scope.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
  const root = t.database.root;
  await root
    .insertInto('yuan_tenant')
    .values({ id: '7001', tenant_id: '100001', tenant_name: 'B' })
    .execute();
  await root
    .insertInto('yuan_user')
    .values({ tenant_id: '100001', id: '7002', account: 'b-admin', password: 'x' })
    .execute();
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('every table with a tenant_id column has forced RLS and a policy', async () => {
    const rows = await sql<{ table: string; rls: boolean; forced: boolean; policies: number }>`
      SELECT c.relname AS table, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
             (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`.execute(t.database.root);
    expect(rows.rows.length).toBeGreaterThanOrEqual(8);
    const missing = rows.rows.filter((r) => !r.rls || !r.forced || r.policies < 1).map((r) => r.table);
    expect(missing).toEqual([]);
  });

  it('queries run as a role that is not a superuser, cannot bypass RLS and owns no table', async () => {
    const who = await t.database.run(
      { tenantId: '000000' },
      async () => (await sql<{ u: string }>`SELECT current_user AS u`.execute(t.database.db)).rows[0]?.u,
    );
    expect(who).toBe(APP_ROLE);
    const role = await sql<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>`
      SELECT rolsuper, rolbypassrls,
             (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owned
      FROM pg_roles r WHERE rolname = ${APP_ROLE}`.execute(t.database.root);
    expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
  });

  it('a scope sees only its tenant rows, even without a tenant filter in the query', async () => {
    const accounts = (tenantId: string) =>
      t.database.run({ tenantId }, async () =>
        (await t.database.db.selectFrom('yuan_user').select('account').execute()).map((r) => r.account),
      );
    expect(await accounts('000000')).toContain('admin');
    expect(await accounts('000000')).not.toContain('b-admin');
    expect(await accounts('100001')).toEqual(['b-admin']);
    expect(await accounts('')).toEqual([]);
  });

  it("refuses writes into another tenant's rows", async () => {
    await expect(
      t.database.run({ tenantId: '000000' }, () =>
        t.database.db
          .insertInto('yuan_post')
          .values({ tenant_id: '100001', id: '7003', post_code: 'x', post_name: 'x' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await t.database.run({ tenantId: '000000' }, () =>
      t.database.db
        .updateTable('yuan_user')
        .set({ name: 'hacked' })
        .where('id', '=', '7002')
        .executeTakeFirst(),
    );
    expect(Number(updated.numUpdatedRows)).toBe(0);
    const b = await t.database.root
      .selectFrom('yuan_user')
      .select('name')
      .where('id', '=', '7002')
      .executeTakeFirstOrThrow();
    expect(b.name).toBe('');
  });

  it('rolls the whole scope back when it throws', async () => {
    await expect(
      t.database.run({ tenantId: '000000' }, async () => {
        await t.database.db
          .insertInto('yuan_post')
          .values({ tenant_id: '000000', id: '7004', post_code: 'p', post_name: 'p' })
          .execute();
        throw new Error('later failure');
      }),
    ).rejects.toThrow('later failure');
    const row = await t.database.root
      .selectFrom('yuan_post')
      .select('id')
      .where('id', '=', '7004')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses to run a query outside a scope', () => {
    expect(() => t.database.db.selectFrom('yuan_user')).toThrow(ScopeError);
  });
});
