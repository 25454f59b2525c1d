import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { ProcessStats } from './instrument.ts';

export const CONNECTIONS = 50;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  /** Request i's path, headers and (a POST's) JSON body. */
  request: (i: number) => { path: string; headers?: Record<string, string>; body?: unknown };
}

export interface Result {
  name: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Queries the server sent to PostgreSQL per request answered. */
  queriesPerCall: number;
  /** The server process during the scenario. */
  server: ProcessStats;
  /**
   * CPU time the hypervisor gave other machines while the scenario ran, over all cores (ms; null where
   * /proc/stat is not there). Every process on the machine stalls together then, whichever one is measured.
   */
  stealMs: number | null;
}

/** The machine's stolen CPU time so far, in ms (the 8th value of /proc/stat's `cpu` line, in 1/100 s). */
function stolenMs(): number | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    const steal = Number(cpu[8]);
    return Number.isFinite(steal) ? steal * 10 : null;
  } catch {
    return null;
  }
}

/** A server process started with the instrumentation preloaded and an IPC channel to read it. */
export interface Instrumented {
  child: ChildProcess;
  stats(command: 'reset' | 'read'): Promise<ProcessStats | undefined>;
  stop(): Promise<void>;
}

export async function startInstrumented(
  script: string,
  env: Record<string, string>,
  healthUrl: string,
  nodeArgs: string[] = [],
): Promise<Instrumented> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './bench/instrument.ts', ...nodeArgs, script],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const stats = (command: 'reset' | 'read') =>
    new Promise<ProcessStats | undefined>((resolve) => {
      const onMessage = (m: unknown) => {
        child.off('message', onMessage);
        resolve((m as { stats?: ProcessStats }).stats);
      };
      child.on('message', onMessage);
      child.send(command);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(healthUrl)).ok) {
        return { child, stats, stop };
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) {
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`${script} did not start`);
}

/**
 * BENCH_WARMUP: seconds each scenario runs, on both sides, before the measured run (default 1): the measured
 * seconds then show each process serving that call steadily, not compiling its code path or filling its caches.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 1);

export async function runScenario(base: string, s: Scenario, server: Instrumented): Promise<Result> {
  let n = 0;
  const load = (duration: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: s.method ?? 'GET',
          setupRequest: (req) => {
            const { path, headers, body } = s.request(n++);
            if (body === undefined) {
              return { ...req, path, headers: { ...req.headers, ...headers } };
            }
            const json = { 'content-type': 'application/json' };
            return {
              ...req,
              path,
              headers: { ...req.headers, ...headers, ...json },
              body: JSON.stringify(body),
            };
          },
        },
      ],
    });
  if (WARMUP_SECONDS > 0) {
    await load(WARMUP_SECONDS);
  }
  await server.stats('reset');
  const stolenBefore = stolenMs();
  const result = await load(SECONDS);
  const stolenAfter = stolenMs();
  const stats = await server.stats('read');
  if (!stats) {
    throw new Error('no statistics from the server process');
  }
  return {
    name: s.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx + result.errors,
    queriesPerCall: Number((stats.queries / Math.max(result.requests.total, 1)).toFixed(2)),
    server: stats,
    stealMs: stolenBefore === null || stolenAfter === null ? null : stolenAfter - stolenBefore,
  };
}
