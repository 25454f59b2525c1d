/**
 * Loaded into a benchmarked server process (`node --import ./bench/instrument.ts …`): measures the event-loop delay
 * and the garbage-collection pauses, and answers the benchmark over the IPC channel ('reset' starts a window,
 * 'read' returns the window's numbers), so a latency tail can be put down to the loop or to GC.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';

export interface ProcessStats {
  loopP99Ms: number;
  loopMaxMs: number;
  gcPauseMs: number;
  gcCount: number;
  cpuUserMs: number;
  cpuSystemMs: number;
  rssMb: number;
  /** The process's largest resident set so far. */
  rssPeakMb: number;
  /** Queries sent to PostgreSQL (each a round trip; a transaction's BEGIN and COMMIT count too). */
  queries: number;
}

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let gcPause = 0;
let gcCount = 0;
let cpuStart = process.cpuUsage();
let queries = 0;
// Every query of the process goes through a node-postgres client, the pool's too: counted there.
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  queries += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcPause += entry.duration;
    gcCount += 1;
  }
}).observe({ entryTypes: ['gc'] });

const ms = (ns: number) => Number((ns / 1e6).toFixed(1));

function read(): ProcessStats {
  const cpu = process.cpuUsage(cpuStart);
  return {
    loopP99Ms: ms(loop.percentile(99)),
    loopMaxMs: ms(loop.max),
    gcPauseMs: Number(gcPause.toFixed(1)),
    gcCount,
    cpuUserMs: Math.round(cpu.user / 1000),
    cpuSystemMs: Math.round(cpu.system / 1000),
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
    rssPeakMb: Math.round(process.resourceUsage().maxRSS / 1024),
    queries,
  };
}

process.on('message', (message: unknown) => {
  if (message === 'reset') {
    loop.reset();
    gcPause = 0;
    gcCount = 0;
    cpuStart = process.cpuUsage();
    queries = 0;
    process.send?.({ reset: true });
  } else if (message === 'read') {
    process.send?.({ stats: read() });
  }
});
// The channel must not keep a server alive that was asked to stop.
process.channel?.unref();
