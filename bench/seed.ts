import { chmodSync, rmSync } from 'node:fs';
import { loadConfig } from '../apps/server/src/config.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded/index.ts';
import { type Database, migrate, openDatabase, sql } from '../apps/server/src/db/index.ts';
import { runSeed } from '../apps/server/src/db/seed/index.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';

export const BENCH_TENANTS = Array.from({ length: 10 }, (_, i) => String(100_001 + i));
export const BENCH_PASSWORD = 'Bench@123456';
export const ROWS_PER_TENANT = 10_000;
/** The web client's credential, as the benchmarks' sign-ins send it. */
export const BENCH_CLIENT = `Basic ${Buffer.from('yuan-web:yuan-web-secret').toString('base64')}`;
/** An outside PostgreSQL when DATABASE_URL is set, else the default: the embedded one, as the app runs it. */
const outsideUrl = process.env.DATABASE_URL;
export const driver = outsideUrl ? 'postgres' : 'embedded';

export interface BenchDatabase {
  /** The benchmarked server's environment: DATA_DIR and the database both processes use. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Removes a run's database folder once its server stopped; BENCH_KEEP=1 keeps it (to query the seeded rows after a
 * run, e.g. with EXPLAIN), and says where.
 */
export function releaseDataDir(dataDir: string): void {
  if (process.env.BENCH_KEEP === '1') {
    process.stdout.write(`kept the database folder ${dataDir}\n`);
    return;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A benchmarked server's database, migrated and seeded, then `more` on it (a benchmark's own rows). Without
 * DATABASE_URL the embedded PostgreSQL runs in `dataDir` with the app's settings, started here so that the plain
 * process and the app read the same server; `stop` ends it after the run.
 */
export async function prepareDatabase(
  dataDir: string,
  more: (database: Database) => Promise<void> = async () => undefined,
): Promise<BenchDatabase> {
  // Run as root, the embedded server runs as the postgres user, which must reach the folder.
  chmodSync(dataDir, 0o755);
  const embedded = outsideUrl ? undefined : await startEmbeddedPostgres({ dataDir, profile: 'app' });
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'silent',
    DATABASE_URL: outsideUrl ?? (embedded?.url as string),
  };
  const config = loadConfig(env);
  const database = await openDatabase({ url: env.DATABASE_URL });
  await migrate(database);
  await runSeed(database, config);
  await more(database);
  await database.close();
  return { env, stop: async () => embedded?.stop() };
}

/** Ten tenants, each with an administrator granted every menu and 10,000 params (100,000 rows in all). */
export async function seedBench(database: Database): Promise<void> {
  const root = database.root;
  const exists = await root
    .selectFrom('yuan_tenant')
    .select('id')
    .where('tenant_id', '=', BENCH_TENANTS[0]!)
    .executeTakeFirst();
  if (exists) {
    return;
  }
  const password = await hashPassword(BENCH_PASSWORD);
  for (const [i, tenantId] of BENCH_TENANTS.entries()) {
    const base = 900_000_000 + i * 1000;
    await root
      .insertInto('yuan_tenant')
      .values({ id: String(base), tenant_id: tenantId, tenant_name: `Bench ${tenantId}` })
      .execute();
    await root
      .insertInto('yuan_role')
      .values({ tenant_id: tenantId, id: String(base + 1), role_name: '管理员', role_alias: 'administrator' })
      .execute();
    await sql`INSERT INTO yuan_role_menu (tenant_id, role_id, menu_id)
      SELECT ${tenantId}, ${String(base + 1)}, id FROM yuan_menu WHERE is_deleted = 0`.execute(root);
    await root
      .insertInto('yuan_user')
      .values({
        tenant_id: tenantId,
        id: String(base + 2),
        account: 'admin',
        password,
        role_id: String(base + 1),
      })
      .execute();
    // Ids grow with creation time, as snowflake ids do.
    await sql`INSERT INTO yuan_param (tenant_id, id, param_name, param_key, param_value, remark, create_time, update_time)
      SELECT ${tenantId}, ${String(1_000_000_000_000 * (i + 1))}::bigint + g, 'Parameter ' || g, 'bench.key.' || g,
             'value ' || g, 'seeded', now() - make_interval(secs => ${ROWS_PER_TENANT} - g), now()
      FROM generate_series(1, ${ROWS_PER_TENANT}) AS g`.execute(root);
  }
  // Every table the seed wrote, not only the params: with the statistics of empty tables the planner walked the
  // role grants once per menu (20 ms instead of 1 ms) in the permission check until autovacuum came by.
  await sql`VACUUM ANALYZE`.execute(root);
}
