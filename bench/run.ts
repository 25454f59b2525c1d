/**
 * Benchmarks against the real server: PGlite by default, PostgreSQL when DATABASE_URL is set.
 * Seeds 100,000 params over 10 tenants, then serves the same reads twice, one server after the other: first by a
 * plain Fastify + driver process (bench/raw-server.ts, the stack's limit), then by the app with every rule in force.
 * Both are driven by autocannon (50 connections, BENCH_SECONDS each, default 10); each app scenario is printed beside
 * its raw counterpart with the server's event-loop delay and GC pauses, and the targets are checked.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openDatabase } from '../apps/server/src/db/index.ts';
import { runSeed } from '../apps/server/src/db/seed/index.ts';
import { CONNECTIONS, type Result, runScenario, SECONDS, type Scenario, startInstrumented } from './load.ts';
import { printReport, printRows, TENANCY } from './report.ts';
import { BENCH_PASSWORD, BENCH_TENANTS, ROWS_PER_TENANT, seedBench } from './seed.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18_080);
const RAW_PORT = PORT + 10;
const BASE = `http://127.0.0.1:${PORT}`;
const RAW = `http://127.0.0.1:${RAW_PORT}`;
const CLIENT = `Basic ${Buffer.from('yuan-web:yuan-web-secret').toString('base64')}`;
const databaseUrl = process.env.DATABASE_URL;
const driver = databaseUrl ? 'postgres' : 'pglite';
/** Extra node flags for the app process, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/profiles". */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** BENCH_ONLY=<regex>: only the scenarios whose names match (for profiling one of them); no targets then. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const chosen = (scenarios: Scenario[]) => scenarios.filter((s) => !ONLY || ONLY.test(s.name));

async function prepare(dataDir: string) {
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const config = loadConfig(env);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: join(dataDir, 'pg') });
  await migrate(database);
  await runSeed(database, config);
  process.stdout.write(`seeding ${BENCH_TENANTS.length * ROWS_PER_TENANT} params on ${driver}…\n`);
  await seedBench(database);
  await database.close();
  return env;
}

async function login(tenantId: string): Promise<string> {
  const q = new URLSearchParams({
    tenantId,
    username: 'admin',
    password: BENCH_PASSWORD,
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`${BASE}/api/yuan-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: CLIENT },
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) {
    throw new Error(`login failed for ${tenantId}`);
  }
  return body.access_token;
}

// Request i reads tenant i % 10; tenant k's param ids are k * 10^12 + 1 … + 10,000, its admin 900,000,002 + k * 1000.
const tenantOf = (i: number) => BENCH_TENANTS[i % BENCH_TENANTS.length] as string;
const paramId = (i: number) =>
  String(1_000_000_000_000 * ((i % 10) + 1) + 1 + ((i * 7919) % ROWS_PER_TENANT));
const adminId = (i: number) => String(900_000_002 + (i % 10) * 1000);

const plainReads: Scenario[] = [
  { name: 'floor', request: (i) => ({ path: `/raw/floor?t=${tenantOf(i)}&u=${adminId(i)}` }) },
  { name: 'list page 1', request: (i) => ({ path: `/raw/list?t=${tenantOf(i)}&current=1&size=10` }) },
  { name: 'list page 1000', request: (i) => ({ path: `/raw/list?t=${tenantOf(i)}&current=1000&size=10` }) },
  { name: 'detail', request: (i) => ({ path: `/raw/detail?t=${tenantOf(i)}&id=${paramId(i)}` }) },
];
// The same reads in the app's per-call transaction with the tenant settings: what tenancy costs on the bare stack.
const rawScenarios: Scenario[] = [
  ...plainReads,
  ...plainReads.map((s) => ({
    name: `${TENANCY}${s.name}`,
    request: (i: number) => {
      const r = s.request(i);
      return { ...r, path: r.path.replace('/raw/', '/raw/tenancy/') };
    },
  })),
];

function appScenarios(tokens: string[]): Scenario[] {
  const auth = (i: number) => ({
    authorization: CLIENT,
    'blade-auth': `bearer ${tokens[i % tokens.length]}`,
  });
  const get = (name: string, path: (i: number) => string): Scenario => ({
    name,
    request: (i) => ({ path: path(i), headers: auth(i) }),
  });
  return [
    get('floor: oauth/user-info', () => '/api/yuan-auth/oauth/user-info'),
    get('list page 1 with total', () => '/api/yuan-system/param/list?current=1&size=10'),
    get('list page 1 without total', () => '/api/yuan-system/param/list?current=1&size=10&searchCount=false'),
    get('list page 1000', () => '/api/yuan-system/param/list?current=1000&size=10'),
    get('detail by id', (i) => `/api/yuan-system/param/detail?id=${paramId(i)}`),
    get('menu/routes', () => '/api/yuan-system/menu/routes'),
    {
      name: 'login (oauth/token)',
      method: 'POST',
      request: (i) => ({
        path: `/api/yuan-auth/oauth/token?tenantId=${tenantOf(i)}&username=admin&password=${encodeURIComponent(BENCH_PASSWORD)}&grant_type=password&scope=all`,
        headers: { authorization: CLIENT },
      }),
    },
  ];
}

async function runAll(base: string, scenarios: Scenario[], server: Parameters<typeof runScenario>[2]) {
  const results: Result[] = [];
  for (const s of scenarios) {
    results.push(await runScenario(base, s, server));
    process.stdout.write(`  ${s.name}: ${results.at(-1)?.rps} req/s\n`);
  }
  return results;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuan-bench-'));
  const env = await prepare(dataDir);

  process.stdout.write('raw: plain Fastify + driver\n');
  const raw = await startInstrumented(
    'bench/raw-server.ts',
    { RAW_PORT: String(RAW_PORT), ...(databaseUrl ? {} : { RAW_PGLITE_DIR: join(dataDir, 'pg') }) },
    `${RAW}/raw/health`,
  );
  let rawResults: Result[];
  try {
    rawResults = await runAll(RAW, chosen(rawScenarios), raw);
  } finally {
    await raw.stop();
  }

  process.stdout.write('app\n');
  const app = await startInstrumented(
    'apps/server/src/main.ts',
    { ...env, PORT: String(PORT), CAPTCHA_MODE: 'off' },
    `${BASE}/api/health`,
    NODE_ARGS,
  );
  let appResults: Result[];
  try {
    const tokens = await Promise.all(BENCH_TENANTS.map(login));
    appResults = await runAll(BASE, chosen(appScenarios(tokens)), app);
  } finally {
    await app.stop();
  }

  if (ONLY) {
    printRows(rawResults, appResults);
    return;
  }
  const report = printReport(driver, rawResults, appResults);
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-${driver}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      { driver, seconds: SECONDS, connections: CONNECTIONS, raw: rawResults, app: appResults, ...report },
      null,
      2,
    ),
  );
  process.stdout.write(`written ${file}\n`);
  process.exitCode = report.targets.every((t) => t.met) ? 0 : 2;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
