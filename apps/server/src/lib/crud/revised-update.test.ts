import { paramResource } from '@yuan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseCopy } from '../../../test/harness.ts';
import { useOwnPostgres } from '../../../test/own-postgres.ts';
import { type Database, migrate, openDatabase } from '../../db/index.ts';
import { RETURNING_OLD_SINCE, serverVersion } from '../../db/server-version.ts';
import { nextId } from '../id.ts';
import { CrudRepo } from './crud.repo.ts';
import type { Author } from './revisions.ts';

// On PostgreSQL 18 (the suite's own database) an update answers the values it replaced; on an older server
// (DATABASE_URL may name one from 14 on) a revised update reads and locks its row first. Both run here.
const server = useOwnPostgres();
const suite = useDatabaseCopy();
let older: Database;
beforeAll(async () => {
  older = await openDatabase({ url: server().url });
  await migrate(older);
}, 60_000);
afterAll(() => older.close());

const author: Author = { tenantId: '000000', userId: '1', userName: 'admin', requestId: 'r1' };

describe('a revised update', () => {
  it('on PostgreSQL 18: the update answers what it replaced', () =>
    chain(suite(), (v) => v >= RETURNING_OLD_SINCE));
  it('before PostgreSQL 18: its row read and locked first', () =>
    chain(older, (v) => v < RETURNING_OLD_SINCE));
});

/** Six concurrent changes of one row: each revision starts where the one before it ended, the last is stored. */
async function chain(database: Database, version: (v: number) => boolean): Promise<void> {
  const inUnit = <T>(fn: () => Promise<T>) => database.run({ tenantId: '000000' }, fn);
  expect(version(await inUnit(() => serverVersion(database.db)))).toBe(true);
  const repo = new CrudRepo(database.db, paramResource, null, true);
  const id = nextId();
  const row = { id, tenantId: '000000', paramName: 'Race', paramKey: 'race', paramValue: 'start' };
  await inUnit(() => repo.insertReturning(row, 'id', author));
  const values = ['a', 'b', 'c', 'd', 'e', 'f'];
  await Promise.all(
    values.map((v) => inUnit(() => repo.updateReturning('000000', id, { paramValue: v }, 'id', author))),
  );
  const revisions = await database.root
    .selectFrom('yuan_revision')
    .select(['action', 'changes'])
    .where('row_id', '=', id)
    .orderBy('id')
    .execute();
  expect(revisions.map((r) => r.action)).toEqual(['create', ...values.map(() => 'update')]);
  let last = 'start';
  for (const r of revisions.slice(1)) {
    const [change] = r.changes as { field: string; before: string; after: string }[];
    expect(change?.field).toBe('paramValue');
    expect(change?.before).toBe(last);
    last = change?.after as string;
  }
  const stored = await database.root
    .selectFrom('yuan_param')
    .select('param_value')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(stored.param_value).toBe(last);
}
