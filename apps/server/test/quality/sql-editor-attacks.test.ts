import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { nextId } from '../../src/lib/id.ts';
import { runGuarded } from '../../src/lib/sql-guard/sql-runner.ts';
import { lowcodeModule } from '../../src/modules/lowcode/index.ts';
import { reportModule } from '../../src/modules/report/index.ts';
import { TENANT_B, twoTenantApp } from '../fixtures.ts';

// A tenant's administrator attacks the SQL editor and the reports: two independent lines must each hold. The guard
// resolves names by scope as PostgreSQL does; and whatever passes it runs as a role that can read entity tables only.
const API = '/api/yuan-api';
const REPORT = '/api/yuan-report/report/rest';
const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule, reportModule]);

const editor = (token: string, text: string) => t.call('POST', `${API}/sqlEdit/test`, token, { sql: text });
async function refused(text: string) {
  const res = await editor(tokens.a, text);
  expect(res.statusCode, res.body).toBe(400);
  return res.json().msg as string;
}
const rows = async (text: string) => {
  const res = await editor(tokens.a, text);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rows as Record<string, unknown>[];
};

let customerA = '';
beforeAll(async () => {
  const define = async (token: string, names: string[]) => {
    const saved = await t.call('POST', `${API}/dtentity/saveOrUpdate`, token, {
      entNo: 'customer',
      entName: '客户',
      elements: [
        { eleNo: 'name', eleName: '名称', dataTyp: 'string' },
        { eleNo: 'level', eleName: '等级', dataTyp: 'int' },
      ],
    });
    const id = saved.json().data.id as string;
    await t.call('POST', `${API}/dtentity/syncEntityDataBaseTable`, token, { id, apply: true });
    for (const [level, name] of names.entries()) {
      const row = await t.call('POST', `${API}/dtentity/saveOrUpdateData`, token, {
        entId: id,
        data: { name, level },
      });
      expect(row.statusCode, row.body).toBe(200);
    }
    return id;
  };
  customerA = await define(tokens.a, ['Ann', 'Bob', 'Cid']);
  await define(tokens.b, ['Secret of B']);
});

describe('the guard resolves CTE names by scope', () => {
  it("refuses a CTE named like the users table that reads it (the tenant's password hashes)", async () => {
    const res = await editor(
      tokens.a,
      'WITH yuan_user AS (SELECT * FROM yuan_user) SELECT account, password FROM yuan_user',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('不能查询表 yuan_user：只能查询本租户已同步的实体');
    expect(res.body).not.toContain('argon2');
  });

  // Each text names a table that a CTE of the same name, out of its scope, would unlock.
  it.each([
    [
      'the catalogs in the same form',
      'WITH pg_roles AS (SELECT * FROM pg_roles) SELECT rolname FROM pg_roles',
      'pg_roles',
    ],
    [
      'a table a WITH inside a sub-query would unlock in the outer query',
      'SELECT client_id, client_secret FROM yuan_client WHERE EXISTS (WITH yuan_client AS (SELECT 1) SELECT 1 FROM yuan_client)',
      'yuan_client',
    ],
    [
      'a table a WITH inside a derived table would unlock beside it',
      'SELECT * FROM (WITH yuan_client AS (SELECT 1 AS x) SELECT x FROM yuan_client) s, yuan_client',
      'yuan_client',
    ],
    [
      "a sibling sub-query's CTE outside its own query",
      'SELECT (WITH yuan_captcha AS (SELECT 1 AS x) SELECT x FROM yuan_captcha) AS a, (SELECT count(*) FROM yuan_captcha) AS b',
      'yuan_captcha',
    ],
    [
      "a set-operation branch's CTE in the other branch",
      '(WITH yuan_refresh_token AS (SELECT 1 AS id) SELECT id FROM yuan_refresh_token) UNION SELECT id FROM yuan_refresh_token',
      'yuan_refresh_token',
    ],
    [
      'a CTE read before the one that would shadow it is defined',
      'WITH b AS (SELECT * FROM yuan_datasource), yuan_datasource AS (SELECT 1) SELECT * FROM b',
      'yuan_datasource',
    ],
  ])('refuses %s', async (_case, text, table) => {
    expect(await refused(text)).toContain(table);
  });

  it('keeps the legitimate uses of CTEs working, with real rows', async () => {
    // A CTE shadowing the entity reads the entity in its own body.
    expect(
      await rows(
        'WITH customer AS (SELECT name FROM customer WHERE level >= 1) SELECT name FROM customer ORDER BY name',
      ),
    ).toEqual([{ name: 'Bob' }, { name: 'Cid' }]);
    // Later in the same WITH list, and in a sub-query below the defining level.
    expect(
      await rows(
        'WITH a AS (SELECT name, level FROM customer), b AS (SELECT name FROM a WHERE level = 2) SELECT name FROM customer WHERE name IN (SELECT name FROM b)',
      ),
    ).toEqual([{ name: 'Cid' }]);
    // Two CTEs joined, and both branches of a set operation under one WITH.
    expect(
      await rows(
        'WITH x AS (SELECT name FROM customer WHERE level = 0), y AS (SELECT name FROM customer) SELECT y.name FROM x JOIN y ON x.name = y.name UNION SELECT name FROM x',
      ),
    ).toEqual([{ name: 'Ann' }]);
  });
});

describe('the queries run as the reader role', () => {
  it('the editor, a report preview and a stored report run as yuan_sql_reader', async () => {
    expect(await rows('SELECT current_user AS who')).toEqual([{ who: 'yuan_sql_reader' }]);
    const preview = await t.call('POST', `${REPORT}/preview`, tokens.a, {
      querySql: 'select current_user as who, count(*)::int as n from customer',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.rows).toEqual([{ who: 'yuan_sql_reader', n: 3 }]);
    const saved = await t.call('POST', `${REPORT}/submit`, tokens.a, {
      name: 'Who',
      querySql: 'select current_user as who from customer limit 1',
    });
    const run = await t.call('POST', `${REPORT}/run`, tokens.a, { id: saved.json().data.id });
    expect(run.json().data.rows).toEqual([{ who: 'yuan_sql_reader' }]);
  });

  it('refuses the attacks in a report preview, and in a stored report its save never checked', async () => {
    const preview = await t.call('POST', `${REPORT}/preview`, tokens.a, {
      querySql: 'WITH yuan_user AS (SELECT * FROM yuan_user) SELECT account, password FROM yuan_user',
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().msg).toContain('yuan_user');
    const id = nextId();
    await t.database.root
      .insertInto('yuan_report')
      .values({
        tenant_id: '000000',
        id,
        name: 'Stored before the guard knew better',
        query_sql:
          'SELECT client_secret FROM yuan_client WHERE EXISTS (WITH yuan_client AS (SELECT 1) SELECT 1 FROM yuan_client)',
      })
      .execute();
    for (const path of ['run', 'export']) {
      const res = await t.call('POST', `${REPORT}/${path}`, tokens.a, { id });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain('yuan_client');
    }
  });
});

describe('the database refuses what a broken guard would let through', () => {
  const LIMITS = { timeoutMs: 5000, rowCap: 100, costCap: 1e9 };
  /** The runner with raw SQL, as if the guard had passed it, in a unit of tenant A (or B). */
  const raw = (text: string, tenantId = '000000') =>
    t.database.run({ tenantId }, () =>
      runGuarded(t.database.db, { sql: text, params: 0, tables: [] }, [], LIMITS),
    );
  const denial = async (text: string) => {
    const error = await raw(text).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, text).toBeInstanceOf(AppError);
    return { status: (error as AppError).status, key: (error as AppError).key };
  };

  it('refuses system tables, catalogs and information_schema with a 400 that names nothing internal', async () => {
    for (const text of [
      'SELECT account, password FROM yuan_user',
      'SELECT client_secret FROM yuan_client',
      'SELECT * FROM yuan_login_failure',
      'SELECT rolname FROM pg_roles',
      'SELECT rolpassword FROM pg_authid',
      'SELECT relname FROM pg_class',
      'SELECT query FROM pg_stat_activity',
      'SELECT table_name FROM information_schema.tables',
      'SELECT name, setting FROM pg_settings',
    ]) {
      expect(await denial(text)).toEqual({ status: 400, key: 'sql.denied' });
    }
  });

  it('refuses leaving the role or the tenant through set_config, and other functions with side effects', async () => {
    for (const text of [
      "SELECT set_config('role', 'yuan_app', true)",
      `SELECT set_config('app.tenant_id', '${TENANT_B}', true)`,
      "SELECT pg_notify('yuan_webchat', 'x')",
      'SELECT pg_advisory_lock(1)',
      'SELECT lo_create(0)',
      'SELECT txid_current()',
      "SELECT query_to_xml('select 1', true, true, '')",
      "SELECT yuan_castable('1', 'integer')",
    ]) {
      expect(await denial(text)).toEqual({ status: 400, key: 'sql.denied' });
    }
  });

  it('is a role with no attribute, membership or default privilege that would widen it', async () => {
    const role = await sql<Record<string, unknown>>`
      SELECT rolsuper, rolbypassrls, rolinherit, rolcanlogin, rolcreaterole, rolcreatedb,
             (SELECT count(*)::int FROM pg_auth_members m WHERE m.member = r.oid) AS memberships
      FROM pg_roles r WHERE rolname = 'yuan_sql_reader'`.execute(t.database.root);
    expect(role.rows).toEqual([
      {
        rolsuper: false,
        rolbypassrls: false,
        rolinherit: false,
        rolcanlogin: false,
        rolcreaterole: false,
        rolcreatedb: false,
        memberships: 0,
      },
    ]);
    // What the owner creates later (as migrations do) is the app's, not the reader's.
    await sql`CREATE TABLE yuan_later (id int)`.execute(t.database.root);
    await sql`CREATE FUNCTION yuan_later_fn() RETURNS int LANGUAGE sql AS 'SELECT 1'`.execute(
      t.database.root,
    );
    const rights = await sql<Record<string, boolean>>`
      SELECT has_table_privilege('yuan_sql_reader', 'yuan_later', 'SELECT') AS reader_table,
             has_function_privilege('yuan_sql_reader', 'yuan_later_fn()', 'EXECUTE') AS reader_fn,
             has_table_privilege('yuan_app', 'yuan_later', 'SELECT') AS app_table,
             has_function_privilege('yuan_app', 'yuan_later_fn()', 'EXECUTE') AS app_fn`.execute(
      t.database.root,
    );
    expect(rights.rows[0]).toEqual({ reader_table: false, reader_fn: false, app_table: true, app_fn: true });
  });

  it("reads any entity table only with the tenant's rows (row-level security still applies)", async () => {
    const table = `yuan_ent_${customerA}`;
    const mine = await raw(`SELECT name FROM ${table} ORDER BY name`);
    expect(mine.rows).toEqual([{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cid' }]);
    expect((await raw(`SELECT name FROM ${table}`, TENANT_B)).rows).toEqual([]);
  });

  it('gives the unit back to the app role after a run and after a refusal before running', async () => {
    const roles = await t.database.run({ tenantId: '000000' }, async () => {
      const ran = await runGuarded(
        t.database.db,
        { sql: 'SELECT current_user AS who', params: 0, tables: [] },
        [],
        LIMITS,
      );
      const after = await sql<{ who: string }>`SELECT current_user AS who`.execute(t.database.db);
      return [ran.rows[0]?.who, after.rows[0]?.who];
    });
    expect(roles).toEqual(['yuan_sql_reader', 'yuan_app']);
    const costly = await t.database.run({ tenantId: '000000' }, async () => {
      const refusal = await runGuarded(
        t.database.db,
        { sql: `SELECT 1 FROM yuan_ent_${customerA}`, params: 0, tables: [] },
        [],
        { ...LIMITS, costCap: 0 },
      ).catch((e: AppError) => e.key);
      const after = await sql<{ who: string }>`SELECT current_user AS who`.execute(t.database.db);
      return [refusal, after.rows[0]?.who];
    });
    expect(costly).toEqual(['sql.tooCostly', 'yuan_app']);
  });
});
