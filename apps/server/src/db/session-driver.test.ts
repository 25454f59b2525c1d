import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { openDatabase } from './index.ts';
import { APP_ROLE, finalWrite, switchScope } from './scope.ts';
import { statementWrites } from './session-driver.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
  await t.database.root
    .insertInto('yuan_tenant')
    .values({ id: '7101', tenant_id: '200001', tenant_name: 'C' })
    .execute();
});
afterAll(() => t.close());

interface Session {
  who: string;
  tenant: string | null;
  inTransaction: boolean;
}
// The first statement of a transaction sees transaction and statement timestamps equal (PostgreSQL documents it);
// a statement inside an open transaction block sees an older transaction timestamp.
const session = async (handle = t.database.db): Promise<Session> => {
  const row = (
    await sql<Session>`SELECT current_user AS who, current_setting('app.tenant_id', true) AS tenant,
      now() < statement_timestamp() AS "inTransaction"`.execute(handle)
  ).rows[0];
  if (!row) {
    throw new Error('no row');
  }
  return row;
};
const paramCount = async (key: string) =>
  (
    await t.database.root
      .selectFrom('yuan_param')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('param_key', '=', key)
      .executeTakeFirstOrThrow()
  ).n;
const insertParam = (key: string) =>
  t.database.db
    .insertInto('yuan_param')
    .values({
      id: String(Date.now()) + String(Math.floor(Math.random() * 1000)),
      tenant_id: '000000',
      param_key: key,
      param_name: key,
      param_value: 'v',
    })
    .execute();

describe('statementWrites', () => {
  it('takes only plain SELECTs for reads', () => {
    expect(statementWrites('select "id" from "yuan_param" where "tenant_id" = $1')).toBe(false);
    expect(statementWrites('  SELECT count(*) FROM yuan_user')).toBe(false);
    for (const text of [
      'insert into "yuan_param" ("id") values ($1)',
      'update "yuan_user" set "name" = $1',
      'delete from "yuan_role"',
      'with x as (delete from t returning 1) select * from x',
      'select * from "yuan_user" where "id" = $1 for update',
      'select pg_advisory_xact_lock(42)',
      "select set_config('app.tenant_id', 'x', false)",
      "select nextval('yuan_seq')",
      'COMMIT',
    ]) {
      expect(statementWrites(text), text).toBe(true);
    }
  });
});

describe('units of work', () => {
  it('reads run as the app role of the unit’s tenant, without a transaction', async () => {
    const first = await t.database.run({ tenantId: '000000' }, () => session());
    expect(first).toEqual({ who: APP_ROLE, tenant: '000000', inTransaction: false });
    const second = await t.database.run({ tenantId: '200001' }, () => session());
    expect(second).toEqual({ who: APP_ROLE, tenant: '200001', inTransaction: false });
  });

  it('the owner outside a scope gets back its own role and no tenant, whatever a unit left', async () => {
    await t.database.run({ tenantId: '200001' }, () => session());
    const owner = await session(t.database.root);
    expect(owner.who).not.toBe(APP_ROLE);
    expect(owner.tenant ?? '').toBe('');
  });

  it('a write opens one transaction that holds the rest of the unit', async () => {
    const seen = await t.database.run({ tenantId: '000000' }, async () => {
      const before = await session();
      await insertParam('unit.tx.one');
      const after = await session();
      return { before, after };
    });
    expect(seen.before.inTransaction).toBe(false);
    expect(seen.after.inTransaction).toBe(true);
    expect(await paramCount('unit.tx.one')).toBe('1');
  });

  it('a throw after reads and writes leaves none of the writes behind', async () => {
    await expect(
      t.database.run({ tenantId: '000000' }, async () => {
        await session();
        await insertParam('unit.tx.two');
        await insertParam('unit.tx.two.b');
        throw new Error('late refusal');
      }),
    ).rejects.toThrow('late refusal');
    expect(await paramCount('unit.tx.two')).toBe('0');
    expect(await paramCount('unit.tx.two.b')).toBe('0');
  });

  it('settings undone by a rollback are set again for the next unit', async () => {
    await t.database.run({ tenantId: '200001' }, () => session());
    // The first statement writes: BEGIN and the settings go together, so the rollback takes the settings too.
    await expect(
      t.database.run({ tenantId: '000000' }, async () => {
        await insertParam('unit.tx.three');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const next = await t.database.run({ tenantId: '000000' }, () => session());
    expect(next).toEqual({ who: APP_ROLE, tenant: '000000', inTransaction: false });
  });

  it('a final write goes alone, committed by itself, and no write may follow it', async () => {
    const seen = await t.database.run({ tenantId: '000000' }, async () => {
      await finalWrite(() => insertParam('unit.final.one'));
      // No transaction was opened: the next statement starts one of its own.
      return session();
    });
    expect(seen).toEqual({ who: APP_ROLE, tenant: '000000', inTransaction: false });
    expect(await paramCount('unit.final.one')).toBe('1');
    await expect(
      t.database.run({ tenantId: '000000' }, async () => {
        await finalWrite(() => insertParam('unit.final.two'));
        await insertParam('unit.final.three');
      }),
    ).rejects.toThrow('a write after the final write of its unit');
    expect(await paramCount('unit.final.two')).toBe('1');
    expect(await paramCount('unit.final.three')).toBe('0');
  });

  it('a final write after an earlier write joins the open transaction, and a throw takes both back', async () => {
    await expect(
      t.database.run({ tenantId: '000000' }, async () => {
        await insertParam('unit.final.four');
        await finalWrite(() => insertParam('unit.final.five'));
        expect((await session()).inTransaction).toBe(true);
        throw new Error('refused late');
      }),
    ).rejects.toThrow('refused late');
    expect(await paramCount('unit.final.four')).toBe('0');
    expect(await paramCount('unit.final.five')).toBe('0');
  });

  it('switchScope applies to the unit’s next statement', async () => {
    const seen = await t.database.run({ tenantId: '000000' }, async () => {
      const before = await session();
      await switchScope({ tenantId: '200001' });
      return { before, after: await session() };
    });
    expect(seen.before.tenant).toBe('000000');
    expect(seen.after.tenant).toBe('200001');
  });

  it('a unit takes its pool session at its first statement and holds it to its end; one without statements, none', async () => {
    // One session and a short wait: a unit that held the session from its start would leave the other waiting.
    const one = await openDatabase({ url: t.database.url, pool: { max: 1, waitMs: 300 } });
    try {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let heldAtStart = -1;
      const slow = one.run({ tenantId: '000000' }, async () => {
        heldAtStart = one.pool().inUse;
        // Work before the first statement (a check, a call elsewhere) while the other unit runs.
        await gate;
        const first = await session(one.db);
        const held = one.pool().inUse;
        return { first, held };
      });
      const other = await one.run({ tenantId: '200001' }, () => session(one.db));
      expect(other.tenant).toBe('200001');
      release();
      const seen = await slow;
      expect(heldAtStart).toBe(0);
      expect(seen.first.tenant).toBe('000000');
      expect(seen.held).toBe(1);
      expect(one.pool().inUse).toBe(0);

      // Once it has sent a statement, the unit keeps the session until it ends: the other waits and is told busy.
      let ended = () => {};
      let started = () => {};
      const sent = new Promise<void>((resolve) => {
        started = resolve;
      });
      const holding = one.run({ tenantId: '000000' }, async () => {
        await session(one.db);
        started();
        await new Promise<void>((resolve) => {
          ended = resolve;
        });
      });
      await sent;
      await expect(one.run({ tenantId: '200001' }, () => session(one.db))).rejects.toThrow();
      ended();
      await holding;

      expect(await one.run({ tenantId: '000000' }, async () => one.pool().inUse)).toBe(0);
    } finally {
      await one.close();
    }
  });
});
