import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, migrate, openDatabase } from '../../src/db/index.ts';
import { runSeed } from '../../src/db/seed/index.ts';
import { lowcodeModule } from '../../src/modules/lowcode/index.ts';
import { systemModule } from '../../src/modules/system/index.ts';
import { testConfig } from '../env.ts';
import { checksums } from '../fixtures.ts';
import { newDatabase, signIn as signInApp } from '../harness.ts';
import { openLegacyPglite } from '../pglite-legacy.ts';
import {
  api,
  clusterUrl,
  type ServerProcess,
  signIn,
  spawnServer,
  tempDataDir,
  untilHealthy,
} from './embedded-process.ts';
import { serverPort } from '../loopback.ts';

/**
 * An upgrade from a version that kept its database in PGlite: the folder that version wrote (its migrations but the
 * last, the seed, an entity with its table and rows, a parameter, a used sequence) is found at the first start,
 * imported into the embedded PostgreSQL, brought up to date by the migrations it lacked, and served.
 */
const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
/**
 * The migration the earlier version lacked: the newest one that today's writes can do without (each write keeps its
 * revision in the table 0041 makes and looks for the triggers of 0042, so the earlier version is given those).
 */
const NEEDED_BY_WRITES = new Set(['0041_revision.sql', '0042_trigger.sql']);
const LAST = readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith('.sql') && !NEEDED_BY_WRITES.has(f))
  .sort()
  .at(-1) as string;

const dataDir = tempDataDir();
let server: ServerProcess | undefined;
let before: Record<string, string> = {};
let entId = '';

/** The earlier version at work: migrations, seed, and a few calls through the app on its PGlite database. */
async function earlierVersion(): Promise<void> {
  const older = mkdtempSync(join(tmpdir(), 'yuan-migrations-'));
  cpSync(MIGRATIONS, older, { recursive: true, filter: (src) => !src.endsWith(LAST) });
  const scratch = await newDatabase();
  const legacy = await openLegacyPglite(join(dataDir, 'pg'), scratch.url);
  try {
    await migrate(legacy, older);
    await runSeed(legacy, testConfig());
    const app = await buildApp({
      config: testConfig(),
      database: legacy,
      logger: false,
      modules: [systemModule, lowcodeModule],
    });
    await app.ready();
    const token = (await signInApp(app)).access_token;
    const call = async (url: string, payload: object) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'blade-auth': `bearer ${token}` },
        payload,
      });
      expect(res.json().success, res.body).toBe(true);
      return res.json().data;
    };
    await call('/api/yuan-system/param/submit', {
      paramName: 'Imported',
      paramKey: 'import.probe',
      paramValue: '青',
    });
    const entity = await call('/api/yuan-api/dtentity/saveOrUpdate', {
      entNo: 'upgrade_probe',
      entName: 'Upgrade probe',
      elements: [
        { eleNo: 'title', eleName: 'Title', dataTyp: 'string', unique: true },
        { eleNo: 'amount', eleName: 'Amount', dataTyp: 'decimal' },
      ],
    });
    entId = entity.id;
    await call('/api/yuan-api/dtentity/syncEntityDataBaseTable', { id: entId, apply: true });
    for (const [title, amount] of [
      ['一', '1.5'],
      ['two', '20'],
      ["O'Neil", '-3.25'],
    ]) {
      await call('/api/yuan-api/dtentity/saveOrUpdateData', { entId, data: { title, amount } });
    }
    await sql`SELECT nextval('yuan_chat_message_seq') FROM generate_series(1, 41)`.execute(legacy.root);
    before = await checksums({ database: legacy });
    await app.close();
  } finally {
    await legacy.close();
    await scratch.drop();
    rmSync(older, { recursive: true, force: true });
  }
}

/** Every business table as `before` had it, row for row; the tables later migrations added, empty. */
async function expectRowsAsBefore(cluster: Database): Promise<void> {
  const now = await checksums({ database: cluster });
  expect(now).toEqual({ ...Object.fromEntries(Object.keys(now).map((name) => [name, 'empty'])), ...before });
}

describe('a data folder of the PGlite versions', () => {
  let cluster: Database;
  beforeAll(async () => {
    await earlierVersion();
    server = spawnServer(dataDir, await serverPort());
    await untilHealthy(server);
    cluster = await openDatabase({ url: clusterUrl(dataDir) });
  }, 240_000);
  afterAll(async () => {
    await cluster?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is kept aside, imported whole into the embedded PostgreSQL, and served with its rows', async () => {
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('pg-pglite-'));
    expect(aside).toHaveLength(1);
    expect(existsSync(join(dataDir, aside[0] as string, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'pglite-import.json'))).toBe(false);
    expect(server?.output()).toContain('Imported the PGlite database from');

    // Every business table as it was, row for row; the tables later migrations added, empty.
    await expectRowsAsBefore(cluster);
    const token = await signIn(server?.url as string);
    const rows = await api<{ records: { title: string; amount: string }[] }>(
      server?.url as string,
      token,
      `/api/yuan-api/dtentity/queryDataByFields?entId=${entId}&size=10`,
    );
    expect(rows.records.map((r) => [r.title, Number(r.amount)]).sort()).toEqual(
      [
        ["O'Neil", -3.25],
        ['two', 20],
        ['一', 1.5],
      ].sort(),
    );
    const params = await api<{ records: { paramValue: string }[] }>(
      server?.url as string,
      token,
      '/api/yuan-system/param/list?paramKey=import.probe',
    );
    expect(params.records.map((p) => p.paramValue)).toEqual(['青']);
    // A new row after the import: the table takes writes, its unique index still holds.
    await api(server?.url as string, token, '/api/yuan-api/dtentity/saveOrUpdateData', {
      entId,
      data: { title: 'after', amount: '2' },
    });
  });

  it('keeps sequences, row-level security, grants and the catalog rights, and runs the migration it lacked', async () => {
    const root = cluster.root;
    const seq = await sql<{ last: string }>`SELECT last_value AS last FROM yuan_chat_message_seq`.execute(
      root,
    );
    expect(seq.rows[0]?.last).toBe('41');
    const table = `yuan_ent_${entId}`;
    const rls = await sql<{ on: boolean; forced: boolean; policies: string }>`
      SELECT relrowsecurity AS on, relforcerowsecurity AS forced,
        (SELECT count(*) FROM pg_policies WHERE tablename = ${table})::text AS policies
      FROM pg_class WHERE relname = ${table}`.execute(root);
    expect(rls.rows[0]).toEqual({ on: true, forced: true, policies: '1' });
    const rights = await sql<{ reader: boolean; app: boolean; catalog: boolean }>`
      SELECT has_table_privilege('yuan_sql_reader', ${table}, 'SELECT') AS reader,
        has_table_privilege('yuan_app', ${table}, 'INSERT') AS app,
        has_table_privilege('yuan_sql_reader', 'pg_catalog.pg_class', 'SELECT') AS catalog`.execute(root);
    expect(rights.rows[0]).toEqual({ reader: true, app: true, catalog: false });
    // The default privileges came along: a table the owner creates now is the app role's to use.
    await sql`CREATE TABLE yuan_probe_after_import (x int)`.execute(root);
    const fresh = await sql<{ app: boolean }>`
      SELECT has_table_privilege('yuan_app', 'yuan_probe_after_import', 'INSERT') AS app`.execute(root);
    await sql`DROP TABLE yuan_probe_after_import`.execute(root);
    expect(fresh.rows[0]).toEqual({ app: true });
    const applied = await sql<{ name: string }>`SELECT name FROM yuan_migration WHERE name = ${LAST}`.execute(
      root,
    );
    expect(applied.rows).toHaveLength(1);
    // Statistics for the SQL cost cap: the import analysed the tables.
    const analysed = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM pg_stat_user_tables WHERE relname = ${table} AND last_analyze IS NOT NULL`.execute(
      root,
    );
    expect(analysed.rows[0]?.n).toBe('1');
  });

  it('redoes an import a crash cut short, from the kept folder, rather than serve what it had made', async () => {
    await cluster.close();
    expect(await server?.stop()).toBe(0);
    const aside = readdirSync(dataDir).find((name) => name.startsWith('pg-pglite-')) as string;
    // As a process killed midway leaves it: the note still names the folder, the new cluster exists.
    writeFileSync(join(dataDir, 'pglite-import.json'), JSON.stringify({ from: join(dataDir, aside) }));
    server = spawnServer(dataDir, await serverPort());
    await untilHealthy(server);
    cluster = await openDatabase({ url: clusterUrl(dataDir) });
    expect(server.output()).toContain('Imported the PGlite database from');
    expect(existsSync(join(dataDir, 'pglite-import.json'))).toBe(false);
    // The PGlite rows again, without the one written after the first import.
    await expectRowsAsBefore(cluster);
  }, 240_000);
});
