import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDatabase } from '../../../test/harness.ts';
import { AppError } from '../errors.ts';
import { guardSelect } from './select-guard.ts';

const ENTITIES: Record<string, string> = { customer: 'yuan_ent_1', purchase: 'yuan_ent_2' };
const tableOf = (code: string) => ENTITIES[code];

/** The guard's answer: the entity codes it read, or the refusal's key and parameters. */
async function verdict(text: string) {
  try {
    const guarded = await guardSelect(text, tableOf);
    return { ok: true as const, guarded };
  } catch (error) {
    if (!(error instanceof AppError)) {
      throw error;
    }
    return { ok: false as const, key: error.key, params: error.params };
  }
}

interface Case {
  what: string;
  sql: string;
  /** The relation the guard refuses (a CTE of that name is not in scope where it is named). */
  refuses?: string;
  /** The entity codes it reads as tables. */
  reads?: string[];
}

const CASES: Case[] = [
  {
    what: 'a CTE named like a system table, reading that table in its own body',
    sql: 'WITH yuan_user AS (SELECT * FROM yuan_user) SELECT account, password FROM yuan_user',
    refuses: 'yuan_user',
  },
  {
    what: 'a CTE inside a sub-query does not unlock the name in the outer query',
    sql: 'SELECT * FROM (WITH yuan_client AS (SELECT 1 AS v) SELECT v FROM yuan_client) s, yuan_client',
    refuses: 'yuan_client',
  },
  {
    what: 'nor in a sibling sub-query',
    sql: 'SELECT (WITH yuan_client AS (SELECT 1 AS v) SELECT v FROM yuan_client) AS a, (SELECT count(*) FROM yuan_client) AS b',
    refuses: 'yuan_client',
  },
  {
    what: 'nor in a sibling EXISTS',
    sql: 'SELECT 1 FROM customer WHERE EXISTS (WITH yuan_role AS (SELECT 1) SELECT 1 FROM yuan_role) AND EXISTS (SELECT 1 FROM yuan_role)',
    refuses: 'yuan_role',
  },
  {
    what: "a parenthesised set-operation branch's WITH is that branch's only (left)",
    sql: '(WITH yuan_user AS (SELECT 1 AS id) SELECT id FROM yuan_user) UNION SELECT id FROM yuan_user',
    refuses: 'yuan_user',
  },
  {
    what: "a parenthesised set-operation branch's WITH is that branch's only (right)",
    sql: 'SELECT id FROM yuan_user UNION (WITH yuan_user AS (SELECT 1 AS id) SELECT id FROM yuan_user)',
    refuses: 'yuan_user',
  },
  {
    what: 'a CTE is not visible in the body of an earlier sibling',
    sql: 'WITH b AS (SELECT * FROM yuan_session), yuan_session AS (SELECT 1 AS id) SELECT * FROM b',
    refuses: 'yuan_session',
  },
  {
    what: 'a CTE shadowing an entity reads the entity in its own body, and is itself read outside',
    sql: 'WITH customer AS (SELECT id FROM customer WHERE level > 1) SELECT id FROM customer',
    reads: ['customer'],
  },
  {
    what: 'a WITH over a set operation is seen by both branches',
    sql: 'WITH x AS (SELECT id FROM customer) SELECT id FROM x UNION SELECT id FROM x',
    reads: ['customer'],
  },
  {
    what: 'a WITH before parenthesised branches is seen by both',
    sql: 'WITH x AS (SELECT id FROM customer) (SELECT id FROM x) EXCEPT (SELECT id FROM x)',
    reads: ['customer'],
  },
  {
    what: 'a later CTE reads an earlier one',
    sql: 'WITH a AS (SELECT id FROM customer), b AS (SELECT id FROM a) SELECT id FROM b',
    reads: ['customer'],
  },
  {
    what: 'a CTE is seen in sub-queries below its level',
    sql: 'WITH a AS (SELECT id FROM customer) SELECT id FROM purchase WHERE customer_id IN (SELECT id FROM a)',
    reads: ['customer', 'purchase'],
  },
  {
    what: "a nested WITH's body sees the outer CTE",
    sql: 'WITH a AS (SELECT id FROM customer) SELECT * FROM (WITH b AS (SELECT id FROM a) SELECT id FROM b) s',
    reads: ['customer'],
  },
  {
    what: 'an inner CTE of the same name reads the outer one in its body',
    sql: 'WITH a AS (SELECT id FROM customer) SELECT * FROM (WITH a AS (SELECT id + 1 AS id FROM a) SELECT id FROM a) s',
    reads: ['customer'],
  },
  {
    what: 'two CTEs joined',
    sql: 'WITH c AS (SELECT id FROM customer), p AS (SELECT customer_id FROM purchase) SELECT c.id FROM c JOIN p ON p.customer_id = c.id',
    reads: ['customer', 'purchase'],
  },
  {
    what: 'entity codes that shadow nothing',
    sql: 'SELECT c.id, p.id AS pid FROM customer c LEFT JOIN purchase p ON p.customer_id = c.id',
    reads: ['customer', 'purchase'],
  },
];

describe('CTE names resolve by scope', () => {
  it.each(CASES)('$what', async ({ sql, refuses, reads }) => {
    const out = await verdict(sql);
    if (refuses) {
      expect(out).toEqual({ ok: false, key: 'sql.table', params: { name: refuses } });
    } else {
      expect(out.ok, JSON.stringify(out)).toBe(true);
      expect(out.ok && [...out.guarded.tables].sort()).toEqual(reads);
    }
  });

  it('rewrites only the names that mean the entity, not the CTE that shadows it', async () => {
    const out = await guardSelect(
      'WITH customer AS (SELECT id FROM customer WHERE level > 1) SELECT id FROM customer',
      tableOf,
    );
    expect(out.sql).toBe(
      'WITH customer AS (SELECT id FROM yuan_ent_1 AS "customer" WHERE level > 1) SELECT id FROM customer',
    );
  });

  it('refuses catalogs whatever the CTE around them, and schema-qualified names even when a CTE has the name', async () => {
    expect(await verdict('WITH pg_roles AS (SELECT * FROM pg_roles) SELECT rolname FROM pg_roles')).toEqual({
      ok: false,
      key: 'sql.table',
      params: { name: 'pg_roles' },
    });
    expect(await verdict('WITH x AS (SELECT 1) SELECT * FROM public.x')).toMatchObject({
      ok: false,
      params: { name: 'public.x' },
    });
    expect(await verdict('WITH pg_class AS (SELECT 1) SELECT * FROM pg_catalog.pg_class')).toMatchObject({
      ok: false,
      params: { name: 'pg_catalog.pg_class' },
    });
  });

  it('checks CTE bodies and set-operation branches like the rest: writes, recursion, locks, functions', async () => {
    expect(await verdict('WITH d AS (DELETE FROM customer RETURNING id) SELECT * FROM d')).toMatchObject({
      key: 'sql.selectOnly',
    });
    expect(
      await verdict(
        'SELECT 1 UNION (WITH RECURSIVE r AS (SELECT 1 UNION ALL SELECT 1 FROM r) SELECT * FROM r)',
      ),
    ).toMatchObject({ key: 'sql.recursive' });
    expect(await verdict('SELECT id FROM customer UNION (SELECT id FROM purchase FOR UPDATE)')).toMatchObject(
      {
        key: 'sql.selectOnly',
      },
    );
    expect(await verdict('WITH a AS (SELECT pg_sleep(1)) SELECT * FROM a')).toMatchObject({
      key: 'sql.function',
      params: { name: 'pg_sleep' },
    });
  });
});

// PostgreSQL itself is the reference: the same statements against a database that has the entity tables (under
// both names) and none of the refused ones.
describe('the same verdicts as PostgreSQL', () => {
  let client: pg.Client;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await newDatabase(true);
    drop = database.drop;
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    for (const name of ['customer', 'yuan_ent_1']) {
      await client.query(`CREATE TABLE ${name} (id int, level int)`);
    }
    for (const name of ['purchase', 'yuan_ent_2']) {
      await client.query(`CREATE TABLE ${name} (id int, customer_id int)`);
    }
  });
  afterAll(async () => {
    await client.end();
    await drop();
  });

  it.each(CASES)('$what', async ({ sql, refuses }) => {
    if (refuses) {
      await expect(client.query(sql)).rejects.toThrow(`relation "${refuses}" does not exist`);
    } else {
      const guarded = await guardSelect(sql, tableOf);
      await expect(client.query(guarded.sql)).resolves.toBeTruthy();
    }
  });
});
