import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOwnPostgres } from '../../test/own-postgres.ts';
import { failureOf } from '../plugins/envelope.ts';
import { type Database, migrate, openDatabase } from './index.ts';
import { asTableOwner, withoutStatementTimeout } from './scope.ts';

// The server enforces the timeout, so this runs on a PostgreSQL of the file's own whatever the suite's database.
const server = useOwnPostgres();
let database: Database;
/** One session only: every unit and the owner share it, so what one leaves on it the next one meets. */
let single: Database;
beforeAll(async () => {
  database = await openDatabase({ url: server().url, pool: { statementMs: 300 } });
  await migrate(database);
  single = await openDatabase({ url: server().url, pool: { statementMs: 300, max: 1 } });
}, 60_000);
afterAll(async () => {
  await database.close();
  await single.close();
});

const sleep = (db: Database, seconds: number) =>
  sql<{ done: string }>`SELECT pg_sleep(${seconds}), 'yes' AS done`.execute(db.db);
const ownerSleep = async (db: Database, seconds: number) =>
  (await sql<{ done: string }>`SELECT pg_sleep(${seconds}), 'yes' AS done`.execute(db.root)).rows[0]?.done;
const inUnit = <T>(db: Database, fn: () => Promise<T>) => db.run({ tenantId: '000000' }, fn);

describe('the statement timeout of request work', () => {
  it("cuts a unit's statement that runs past it, answered 503 with a clear message", async () => {
    const error = await inUnit(database, () => sleep(database, 1)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '57014' });
    const answer = failureOf(error, 'en');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      code: 503,
      success: false,
      msg: expect.stringMatching(/took too long/),
    });
    expect(answer.unexpected).toBe(false);
  });

  it("leaves the owner's work alone (migrations, start-up)", async () => {
    expect(await ownerSleep(database, 0.6)).toBe('yes');
  });

  it('is lifted for work marked long and for table changes, and is back for the statements after them', async () => {
    await inUnit(database, async () => {
      expect((await withoutStatementTimeout(() => sleep(database, 0.6))).rows[0]?.done).toBe('yes');
      await expect(sleep(database, 0.6)).rejects.toMatchObject({ code: '57014' });
    });
    await inUnit(database, async () => {
      const ddl = await asTableOwner(() => sql`SELECT pg_sleep(0.6), 'yes' AS done`.execute(database.db));
      expect(ddl.rows[0]).toMatchObject({ done: 'yes' });
    });
  });

  it('comes back on a session the owner or long work used before', async () => {
    expect(await ownerSleep(single, 0.6)).toBe('yes');
    await expect(inUnit(single, () => sleep(single, 0.6))).rejects.toMatchObject({ code: '57014' });
    await inUnit(single, () => withoutStatementTimeout(() => sleep(single, 0.6)));
    await expect(inUnit(single, () => sleep(single, 0.6))).rejects.toMatchObject({ code: '57014' });
  });

  it("gives way to the unit's own SET LOCAL (the SQL editor's limit), higher or lower", async () => {
    const raw = (text: string) => single.db.executeQuery(CompiledQuery.raw(text));
    await inUnit(single, async () => {
      await raw('SET TRANSACTION READ ONLY');
      await raw('SET LOCAL statement_timeout = 2000');
      expect((await sleep(single, 0.6)).rows[0]?.done).toBe('yes');
    });
    await expect(
      inUnit(single, async () => {
        await raw('SET TRANSACTION READ ONLY');
        await raw('SET LOCAL statement_timeout = 100');
        await sleep(single, 0.2);
      }),
    ).rejects.toMatchObject({ code: '57014' });
  });
});
