/**
 * Benchmarks against the real server: the embedded PostgreSQL by default, an outside one when DATABASE_URL is set.
 * Seeds 100,000 params over 10 tenants, then serves the same reads from two processes: a plain Fastify + driver
 * process (bench/raw-server.ts, the stack's limit) and the app with every rule in force.
 * Both are driven by autocannon (50 connections, BENCH_SECONDS each, default 5, after BENCH_WARMUP seconds unmeasured,
 * default 1) in BENCH_ROUNDS rounds, raw and app
 * scenarios of the same read one after the other; each scenario's median round is printed beside its raw counterpart
 * with the server's event-loop delay and GC pauses, and the targets are checked per round (an app scenario against
 * its twin of the same round), by their median round.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entityAppScenarios, entityRawScenarios, revisionCostScenarios, seedEntity } from './entity.ts';
import {
  CONNECTIONS,
  type Instrumented,
  type Result,
  runScenario,
  type Scenario,
  SECONDS,
  startInstrumented,
  WARMUP_SECONDS,
} from './load.ts';
import { printReport, printRows, printTargets, RAW_OF, type Round, revisionCost, TENANCY } from './report.ts';
import {
  BENCH_CLIENT,
  BENCH_PASSWORD,
  BENCH_TENANTS,
  driver,
  prepareDatabase,
  ROWS_PER_TENANT,
  releaseDataDir,
  seedBench,
} from './seed.ts';
import { countStatements, type StatementCount } from './statements.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18_080);
const RAW_PORT = PORT + 10;
const BASE = `http://127.0.0.1:${PORT}`;
const RAW = `http://127.0.0.1:${RAW_PORT}`;
/** Extra node flags for both server processes, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/profiles". */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** BENCH_ONLY=<regex>: only the scenarios whose names match (for profiling one of them); no targets then. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const chosen = (scenarios: Scenario[]) => scenarios.filter((s) => !ONLY || ONLY.test(s.name));

async function prepare(dataDir: string) {
  return prepareDatabase(dataDir, async (database) => {
    process.stdout.write(`seeding ${BENCH_TENANTS.length * ROWS_PER_TENANT} params on ${driver}…\n`);
    await seedBench(database);
  });
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
    headers: { authorization: BENCH_CLIENT },
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

function appScenarios(tokens: string[], entId: string): Scenario[] {
  const auth = (i: number) => ({
    authorization: BENCH_CLIENT,
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
        headers: { authorization: BENCH_CLIENT },
      }),
    },
    // The entity belongs to the first tenant: its administrator reads and writes its rows.
    ...entityAppScenarios(entId, auth(0)),
  ];
}

/** The calls whose statements are counted from the server's log (`bench/statements.ts`). */
const TRACED = /^(list page 1 with total|detail by id|entity )/;

function printStatements(counts: StatementCount[]): void {
  process.stdout.write('statements per call (log_statement = all, 20 calls each, one after the other):\n');
  console.table(
    counts.map((c) => ({
      scenario: c.name,
      'per call': c.perCall,
      background: c.background,
      statements: Object.entries(c.kinds)
        .map(([kind, n]) => `${n} × ${kind}`)
        .join(', '),
    })),
  );
}

/** BENCH_ROUNDS: how many times every scenario runs; each is reported by its median round (default 3). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Run {
  base: string;
  scenario: Scenario;
  server: Instrumented;
  side: 'raw' | 'app';
}

/**
 * The order of one round: each raw read, its tenancy twin and the app scenarios that serve the same read, one after
 * the other, so a slow minute of a shared machine falls on both sides of a comparison rather than on one.
 */
function interleave(raw: Run[], app: Run[]): Run[] {
  const order: Run[] = [];
  const used = new Set<Run>();
  for (const r of raw.filter((x) => !x.scenario.name.startsWith(TENANCY))) {
    const twins = [
      r,
      ...raw.filter((x) => x.scenario.name === `${TENANCY}${r.scenario.name}`),
      ...app.filter((x) => RAW_OF[x.scenario.name] === r.scenario.name),
    ];
    for (const run of twins) {
      order.push(run);
      used.add(run);
    }
  }
  return [...order, ...[...raw, ...app].filter((x) => !used.has(x))];
}

/** The round with the median req/s of each scenario (p99 and server figures are that round's). */
function medians(results: Result[][]): Result[] {
  return (results[0] ?? []).map((_, i) => {
    const rounds = results.map((round) => round[i] as Result).sort((a, b) => a.rps - b.rps);
    return rounds[Math.floor((rounds.length - 1) / 2)] as Result;
  });
}

async function runRounds(runs: Run[]): Promise<{ raw: Result[]; app: Result[]; rounds: Round[] }> {
  const all: Result[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    process.stdout.write(`round ${round} of ${ROUNDS}\n`);
    const results: Result[] = [];
    for (const run of runs) {
      results.push(await runScenario(run.base, run.scenario, run.server));
      process.stdout.write(
        `  ${run.side} ${run.scenario.name}: ${results.at(-1)?.rps} req/s, p99 ${results.at(-1)?.p99} ms\n`,
      );
    }
    all.push(results);
  }
  const bySide = (results: Result[]): Round => ({
    raw: results.filter((_, i) => runs[i]?.side === 'raw'),
    app: results.filter((_, i) => runs[i]?.side === 'app'),
  });
  return { ...bySide(medians(all)), rounds: all.map(bySide) };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuan-bench-'));
  const database = await prepare(dataDir);
  const { env } = database;

  // Both servers stay up for the whole run; the idle one costs next to nothing.
  const raw = await startInstrumented(
    'bench/raw-server.ts',
    { RAW_PORT: String(RAW_PORT), DATABASE_URL: env.DATABASE_URL as string },
    `${RAW}/raw/health`,
    NODE_ARGS,
  );
  let rawResults: Result[];
  /** Every round's results, in run order: a pair of scenarios compared round by round. */
  let roundResults: Round[] = [];
  let appResults: Result[];
  let statements: StatementCount[] = [];
  try {
    const app = await startInstrumented(
      'apps/server/src/main.ts',
      { ...env, PORT: String(PORT), CAPTCHA_MODE: 'off' },
      `${BASE}/api/health`,
      NODE_ARGS,
    );
    try {
      const tokens = await Promise.all(BENCH_TENANTS.map(login));
      const owner = BENCH_TENANTS[0] as string;
      process.stdout.write(`seeding an entity of ${owner} with 100,000 rows…\n`);
      const entId = await seedEntity(
        BASE,
        BENCH_CLIENT,
        tokens[0] as string,
        env.DATABASE_URL as string,
        owner,
      );
      const runs = interleave(
        chosen([
          ...rawScenarios,
          ...entityRawScenarios(entId, owner),
          ...revisionCostScenarios(entId, owner),
        ]).map((scenario) => ({
          base: RAW,
          scenario,
          server: raw,
          side: 'raw' as const,
        })),
        chosen(appScenarios(tokens, entId)).map((scenario) => ({
          base: BASE,
          scenario,
          server: app,
          side: 'app' as const,
        })),
      );
      ({ raw: rawResults, app: appResults, rounds: roundResults } = await runRounds(runs));
      if (driver === 'embedded') {
        // After the rounds, so logging every statement slows none of them.
        statements = await countStatements(
          join(dataDir, 'pg'),
          env.DATABASE_URL as string,
          BASE,
          chosen(appScenarios(tokens, entId)).filter((s) => TRACED.test(s.name)),
        );
        printStatements(statements);
      }
    } finally {
      await app.stop();
    }
  } finally {
    await raw.stop();
    await database.stop();
    releaseDataDir(dataDir);
  }

  if (ONLY) {
    printRows(rawResults, appResults);
    printTargets(revisionCost(roundResults));
    return;
  }
  const report = printReport(rawResults, appResults, roundResults);
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-${driver}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      {
        driver,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        rounds: ROUNDS,
        connections: CONNECTIONS,
        raw: rawResults,
        app: appResults,
        perRound: roundResults,
        statements,
        ...report,
      },
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
