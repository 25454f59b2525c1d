import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { migrateJobs } from '../lib/jobs/job-runner.ts';
import { PgPoolDriver, type PoolLimits, type PoolStats } from './pg-driver.ts';
import type { DB } from './schema.ts';
import { runInScope, type Scope, scopedDb } from './scope.ts';
import { withSessions } from './session-driver.ts';

export type Kdb = Kysely<DB>;

/**
 * The database handle. `db` is the scoped handle every repo uses (the current tenant scope's transaction, as the
 * unprivileged app role); `root` is the owner connection, for migrations and for opening scopes; `run` opens one.
 */
export interface Database {
  db: Kdb;
  root: Kdb;
  run<T>(scope: Scope, fn: () => Promise<T>): Promise<T>;
  /** Where the pool connects (the embedded server's socket or DATABASE_URL): for connections outside the pool. */
  url: string;
  exec(text: string): Promise<void>;
  /** The pool's sessions and waiters now (metrics). */
  pool(): PoolStats;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL of the server. */
  url: string;
  /** The pool's limits (defaults: POOL_DEFAULTS). */
  pool?: Partial<PoolLimits>;
}

/** A pool on the PostgreSQL server at `url`: the embedded one (see db/embedded) or DATABASE_URL's. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // int8 and numeric stay strings: 64-bit ids travel as strings end to end.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => v);
  const driver = new PgPoolDriver({ connectionString: options.url, ...options.pool });
  const root = new Kysely<DB>({ dialect: withSessions(driver) });
  return {
    db: scopedDb(root),
    root,
    run: (scope, fn) => runInScope(root, scope, fn),
    url: options.url,
    // Through Kysely, so the connection runs with the owner's settings whatever a scope left on it.
    exec: async (text) => {
      await sql.raw(text).execute(root);
    },
    pool: () => driver.stats(),
    close: () => root.destroy(),
  };
}

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url).pathname;

/** The numbered SQL files of the schema, in the order they apply. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** The migration files this code has that the database has not applied (readiness). */
export async function pendingMigrations(database: Database, files = migrationFiles()): Promise<string[]> {
  // Raw: the migrator's own table, kept out of the generated schema.
  const done = await sql<{ name: string }>`SELECT name FROM yuan_migration`.execute(database.root);
  const applied = new Set(done.rows.map((r) => r.name));
  return files.filter((file) => !applied.has(file));
}

/** Applies the numbered SQL files not applied yet, each in its own transaction. Returns the names applied. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS yuan_migration (name varchar(200) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const ran: string[] = [];
  for (const file of await pendingMigrations(database, migrationFiles(dir))) {
    const body = readFileSync(join(dir, file), 'utf8');
    const name = file.replace(/'/g, "''");
    await database.exec(`BEGIN;\n${body}\nINSERT INTO yuan_migration (name) VALUES ('${name}');\nCOMMIT;`);
    ran.push(file);
  }
  await migrateJobs(database.url);
  return ran;
}
export { sql } from 'kysely';
