/**
 * Statements per call, as the database saw them: with `log_statement = 'all'` on the embedded server, each scenario
 * is called CALLS times one after the other and the server's log lines of that stretch are counted. What the process
 * does in the background meanwhile (job queue polling, API log batches, cache drops to other nodes) is counted
 * apart, so a call's own statements are not blurred by it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Scenario } from './load.ts';

const CALLS = 20;
/** Time for the log lines of a stretch to be written before the next one starts. */
const SETTLE_MS = 300;

export interface StatementCount {
  name: string;
  calls: number;
  /** The calls' own statements (BEGIN, settings, queries, COMMIT), per call. */
  perCall: number;
  /** Statements of the process's background work in the same stretch. */
  background: number;
  /** The distinct statements' first words, e.g. `execute <unnamed>: select`. */
  kinds: Record<string, number>;
}

const BACKGROUND = /yuan-jobs|yuan_log_api|yuan_log_usual|pg_notify|NOTIFY|LISTEN/i;
const STATEMENT =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}\.\d{3}) UTC \[\d+\] (\S*) LOG: {2}(statement|execute [^:]*): (.*)$/;

function newestLog(pgDir: string): string | undefined {
  const dir = join(pgDir, 'log');
  if (!existsSync(dir)) {
    return undefined;
  }
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

async function settings(url: string, on: boolean): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    if (on) {
      await db.query(`ALTER SYSTEM SET log_statement = 'all'`);
      await db.query(`ALTER SYSTEM SET log_line_prefix = '%m [%p] %a '`);
    } else {
      await db.query('ALTER SYSTEM RESET log_statement');
      await db.query('ALTER SYSTEM RESET log_line_prefix');
    }
    await db.query('SELECT pg_reload_conf()');
  } finally {
    await db.end();
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

async function call(base: string, scenario: Scenario, i: number): Promise<void> {
  const { path, headers, body } = scenario.request(i);
  const res = await fetch(`${base}${path}`, {
    method: scenario.method ?? 'GET',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) {
    throw new Error(`${scenario.name}: HTTP ${res.status}`);
  }
  await res.arrayBuffer();
}

/** Counts each scenario's statements on the embedded server whose folder is `pgDir`; `url` is its superuser's. */
export async function countStatements(
  pgDir: string,
  url: string,
  base: string,
  scenarios: Scenario[],
): Promise<StatementCount[]> {
  await settings(url, true);
  const stretches: { scenario: Scenario; from: number; to: number }[] = [];
  const file = newestLog(pgDir);
  const offset = file ? statSync(file).size : 0;
  try {
    for (const scenario of scenarios) {
      const from = Date.now();
      for (let i = 0; i < CALLS; i++) {
        await call(base, scenario, 1_000_000 + i);
      }
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      stretches.push({ scenario, from, to: Date.now() });
    }
  } finally {
    await settings(url, false);
  }
  const now = newestLog(pgDir);
  const text = now ? readFileSync(now, 'utf8').slice(now === file ? offset : 0) : '';
  const lines = text
    .split('\n')
    .map((line) => STATEMENT.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      at: Date.parse(`${m[1]}T${m[2]}Z`),
      background: BACKGROUND.test(`${m[3]} ${m[5]}`),
      kind: `${m[4]}: ${(m[5] ?? '').split(/\s+/)[0]?.toLowerCase()}`,
    }));
  return stretches.map(({ scenario, from, to }) => {
    const mine = lines.filter((l) => l.at >= from && l.at <= to);
    const own = mine.filter((l) => !l.background);
    const kinds: Record<string, number> = {};
    for (const l of own) {
      kinds[l.kind] = (kinds[l.kind] ?? 0) + 1;
    }
    return {
      name: scenario.name,
      calls: CALLS,
      perCall: own.length / CALLS,
      background: mine.length - own.length,
      kinds,
    };
  });
}
