import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded/index.ts';
import { migrate, openDatabase } from '../src/db/index.ts';
import { runSeed } from '../src/db/seed/index.ts';
import { testConfig } from './env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's PostgreSQL server (a database to connect to for CREATE DATABASE). */
    databaseUrl: string;
    /** The migrated, seeded database every test file's own database is cloned from. */
    dbTemplate: string;
  }
}

export const TEMPLATE_DB = 'yuan_test_template';

/**
 * One PostgreSQL server per test run: DATABASE_URL's (PostgreSQL 14 or newer), else the embedded one in a
 * throw-away folder. It gets one migrated, seeded database; every test file starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  if (!url) {
    dir = mkdtempSync(join(tmpdir(), 'yuan-test-pg-'));
    // Run as root, the server runs as the postgres user, which must reach the folder.
    chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: dir, profile: 'test', log: () => undefined });
    url = embedded.urlOf('postgres');
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${TEMPLATE_DB}`;
  const database = await openDatabase({ url: target.toString() });
  await migrate(database);
  await runSeed(database, testConfig());
  await database.close();
  project.provide('databaseUrl', url);
  project.provide('dbTemplate', TEMPLATE_DB);
  return async () => {
    await embedded?.stop();
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
