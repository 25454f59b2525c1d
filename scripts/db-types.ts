/**
 * Writes apps/server/src/db/schema/generated.ts from a freshly migrated database: DATABASE_URL's server (a
 * throw-away database on it) or an embedded one in a temporary folder.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../apps/server/src/db/embedded/index.ts';
import { migrate, openDatabase } from '../apps/server/src/db/index.ts';
import { GENERATED_SCHEMA, generateSchema } from '../apps/server/src/db/schema-codegen.ts';

const NAME = `yuan_types_${process.pid}`;

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  if (!url) {
    dir = mkdtempSync(join(tmpdir(), 'yuan-types-pg-'));
    // Run as root, the server runs as the postgres user, which must reach the folder.
    chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: dir, profile: 'test', log: () => undefined });
    url = embedded.urlOf('postgres');
  }
  try {
    await admin(url, `CREATE DATABASE ${NAME}`);
    const target = new URL(url);
    target.pathname = `/${NAME}`;
    const database = await openDatabase({ url: target.toString() });
    try {
      await migrate(database);
      writeFileSync(GENERATED_SCHEMA, await generateSchema(database.root));
    } finally {
      await database.close();
      await admin(url, `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    }
    console.log(`wrote ${GENERATED_SCHEMA}`);
  } finally {
    await embedded?.stop();
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

await main();
