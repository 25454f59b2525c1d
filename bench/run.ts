/**
 * Benchmarks against the real server: PGlite by default, PostgreSQL when DATABASE_URL is set.
 * Seeds 100,000 params over 10 tenants, starts the server on a loopback port, drives it with autocannon
 * (50 connections) and prints req/s, p50, p99 and each scenario's cost relative to the cheapest authenticated route.
 * BENCH_SECONDS sets the duration of each scenario (default 10).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openDatabase } from '../apps/server/src/db/index.ts';
import { runSeed } from '../apps/server/src/db/seed/index.ts';
import { BENCH_PASSWORD, BENCH_TENANTS, ROWS_PER_TENANT, seedBench } from './seed.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 18_080);
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENT = `Basic ${Buffer.from('yuan-web:yuan-web-secret').toString('base64')}`;
const databaseUrl = process.env.DATABASE_URL;
const driver = databaseUrl ? 'postgres' : 'pglite';

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

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(PORT), CAPTCHA_MODE: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) {
        return child;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('server did not start');
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

interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: (i: number) => string;
  auth?: boolean;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  costVsFloor?: number;
}

async function run(s: Scenario, tokens: string[]): Promise<Result> {
  let n = 0;
  const result = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: s.method ?? 'GET',
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            path: s.path(i),
            headers: {
              authorization: CLIENT,
              ...(s.auth === false ? {} : { 'blade-auth': `bearer ${tokens[i % tokens.length]}` }),
            },
          };
        },
      },
    ],
  });
  return {
    name: s.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuan-bench-'));
  const env = await prepare(dataDir);
  const server = await startServer(env);
  try {
    const tokens = await Promise.all(BENCH_TENANTS.map(login));
    // Ids of the seeded rows: tenant k's ids are k * 10^12 + 1 … + 10,000.
    const detailId = (i: number) =>
      String(1_000_000_000_000 * ((i % 10) + 1) + 1 + ((i * 7919) % ROWS_PER_TENANT));
    const scenarios: Scenario[] = [
      { name: 'floor: oauth/user-info', path: () => '/api/yuan-auth/oauth/user-info' },
      { name: 'list page 1 with total', path: () => '/api/yuan-system/param/list?current=1&size=10' },
      {
        name: 'list page 1 without total',
        path: () => '/api/yuan-system/param/list?current=1&size=10&searchCount=false',
      },
      { name: 'list page 1000', path: () => '/api/yuan-system/param/list?current=1000&size=10' },
      { name: 'detail by id', path: (i) => `/api/yuan-system/param/detail?id=${detailId(i)}` },
      { name: 'menu/routes', path: () => '/api/yuan-system/menu/routes' },
      {
        name: 'login (oauth/token)',
        method: 'POST',
        auth: false,
        path: (i) =>
          `/api/yuan-auth/oauth/token?tenantId=${BENCH_TENANTS[i % 10]}&username=admin&password=${encodeURIComponent(BENCH_PASSWORD)}&grant_type=password&scope=all`,
      },
    ];
    // Request i carries token i % 10, so the detail id is always one of that token's tenant.
    const results: Result[] = [];
    for (const s of scenarios) {
      results.push(await run(s, tokens));
      process.stdout.write(`  ${s.name}: ${results.at(-1)?.rps} req/s\n`);
    }
    const floor = results[0]!;
    for (const r of results) {
      r.costVsFloor = Number((floor.rps / Math.max(r.rps, 1)).toFixed(2));
    }
    const rows = results.map((r) => ({
      scenario: r.name,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      '% of floor': `${((100 * r.rps) / floor.rps).toFixed(1)}%`,
      'cost ×floor': r.costVsFloor,
      'non-2xx': r.non2xx + r.errors,
    }));
    console.table(rows);
    const byName = (n: string) => results.find((r) => r.name === n)!;
    const page1 = byName('list page 1 with total');
    const summary = {
      'page 1000 cost / page 1 cost': Number((page1.rps / byName('list page 1000').rps).toFixed(2)),
      'with total cost / without total cost': Number(
        (byName('list page 1 without total').rps / page1.rps).toFixed(2),
      ),
      'list page 1 share of floor': Number((page1.rps / floor.rps).toFixed(3)),
      'list page 1 p99 ms': page1.p99,
      'detail p99 ms': byName('detail by id').p99,
    };
    console.table(summary);
    mkdirSync('bench/results', { recursive: true });
    const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-${driver}.json`;
    writeFileSync(
      file,
      JSON.stringify({ driver, seconds: SECONDS, connections: CONNECTIONS, results, summary }, null, 2),
    );
    process.stdout.write(`written ${file}\n`);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
