import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../src/db/index.ts';
import { runSeed } from '../src/db/seed/index.ts';
import { testConfig } from './env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated and seeded data folder. PostgreSQL: name of the template database. */
    dbTemplate: string;
  }
}

export const TEMPLATE_DB = 'yuan_test_template';

/** Builds one migrated, seeded database per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
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
    project.provide('dbTemplate', TEMPLATE_DB);
    return;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  await runSeed(database, testConfig());
  const dump = await database.pglite!.dumpDataDir('gzip');
  const file = join(tmpdir(), `yuan-test-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', file);
}
