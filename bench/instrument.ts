/**
 * Loaded into a benchmarked server process (`node --import ./bench/instrument.ts …`): measures the event-loop delay
 * and the garbage-collection pauses, and answers the benchmark over the IPC channel ('reset' starts a window,
 * 'read' returns the window's numbers), so a latency tail can be put down to the loop or to GC.
 */
import http from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';
import { endAllocationWindow, startAllocationWindow } from './alloc-profile.ts';

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
  /** The largest of each part of the process's memory in the window, sampled every 100 ms (where a peak lives). */
  memoryPeakMb: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let gcPause = 0;
let gcCount = 0;
let cpuStart = process.cpuUsage();
let queries = 0;
const zeroPeak = () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 });
let memoryPeak = zeroPeak();
setInterval(() => {
  const now = process.memoryUsage();
  for (const key of Object.keys(memoryPeak) as (keyof typeof memoryPeak)[]) {
    memoryPeak[key] = Math.max(memoryPeak[key], now[key]);
  }
}, 100).unref();
// Every query of the process goes through a node-postgres client, the pool's too: counted there.
const query = pg.Client.prototype.query;
/** BENCH_SLOW_MS: queries that take longer are written to stderr with their start time (finding a latency tail). */
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 0);
const WHO = (process.argv[1] ?? '').split('/').pop();
const TRACE_GC = process.env.BENCH_TRACE_GC === '1';
if (SLOW_MS > 0) {
  // Answers that took longer than twice that, from the request's arrival to its last byte handed to the kernel.
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function timed(this: http.Server, event: string, ...args: unknown[]) {
    if (event === 'request') {
      const started = performance.now();
      const res = args[1] as http.ServerResponse;
      res.once('finish', () => {
        const took = performance.now() - started;
        if (took > 2 * SLOW_MS) {
          process.stderr.write(`${WHO} answer ${Date.now()} ${took.toFixed(0)} ms\n`);
        }
      });
    }
    return (emit as (this: http.Server, ...a: unknown[]) => boolean).call(this, event, ...args);
  } as typeof emit;
}
const textOf = (q: unknown) =>
  String(typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? '')).slice(0, 80);
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  queries += 1;
  if (SLOW_MS > 0) {
    const started = performance.now();
    const note = () => {
      const took = performance.now() - started;
      if (took > SLOW_MS) {
        process.stderr.write(
          `${WHO} slow ${Date.now()} ${took.toFixed(0)} ms ${textOf(args[0]).replace(/\s+/g, ' ')}\n`,
        );
      }
    };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => unknown;
      args[last] = (...a: unknown[]) => {
        note();
        return callback(...a);
      };
    }
    const out = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (out instanceof Promise) {
      out.then(note, note);
    }
    return out;
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcPause += entry.duration;
    gcCount += 1;
    // BENCH_TRACE_GC=1: the heap left after each major collection (garbage the heap grows to, or live data?).
    if (
      TRACE_GC &&
      (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR
    ) {
      const m = process.memoryUsage();
      process.stderr.write(
        `${WHO} major gc ${Date.now()} ${entry.duration.toFixed(0)} ms: heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)} rss ${mb(m.rss)} MB\n`,
      );
    }
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
    rssMb: mb(process.memoryUsage().rss),
    rssPeakMb: Math.round(process.resourceUsage().maxRSS / 1024),
    queries,
    memoryPeakMb: Object.fromEntries(
      Object.entries(memoryPeak).map(([key, bytes]) => [key, mb(bytes)]),
    ) as ProcessStats['memoryPeakMb'],
  };
}

process.on('message', (message: unknown) => {
  if (message === 'reset') {
    loop.reset();
    gcPause = 0;
    gcCount = 0;
    cpuStart = process.cpuUsage();
    queries = 0;
    memoryPeak = zeroPeak();
    void startAllocationWindow().then(() => process.send?.({ reset: true }));
  } else if (message === 'read') {
    const stats = read();
    void endAllocationWindow().then(() => process.send?.({ stats }));
  }
});
// The channel must not keep a server alive that was asked to stop.
process.channel?.unref();
