import { timingSafeEqual } from 'node:crypto';
import { message } from '@yuan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/index.ts';
import type { CacheRegistry } from '../lib/cache/cache-registry.ts';
import type { JobRunner } from '../lib/jobs/job-runner.ts';
import { fail } from './envelope.ts';

export const METRICS_PATH = '/metrics';

/** The process's own figures (event-loop delay, memory, GC, handles): one set however many apps a process builds. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

export interface MetricsSources {
  database: Database;
  caches: CacheRegistry;
  jobs: JobRunner;
  /** METRICS_TOKEN */
  token: string | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Who may read the figures: with METRICS_TOKEN, whoever sends it as a bearer token; without, a caller on this
 * machine that did not come through a proxy (a proxy on the same machine would otherwise make everyone local).
 */
function allowed(request: FastifyRequest, token: string | undefined): 'yes' | 401 | 403 {
  if (token) {
    const sent = request.headers.authorization ?? '';
    return sameText(sent, `Bearer ${token}`) ? 'yes' : 401;
  }
  const local = LOOPBACK.has(request.socket.remoteAddress ?? '');
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return local && !proxied ? 'yes' : 403;
}

/**
 * GET /metrics in Prometheus text: calls by route and status with their latency, the database pool, the job
 * queue's lag per kind, the caches' hits and misses, and the process's event-loop delay and memory.
 */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources): void {
  const registry = new Registry();
  const calls = new Counter({
    name: 'http_requests_total',
    help: 'Calls answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a call, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the path: ids in paths would make a series per row.
    const route = request.routeOptions.url ?? '(unmatched)';
    calls.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'db_pool_sessions',
    help: 'Database sessions of the pool, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.database.pool();
      this.set({ state: 'in_use' }, pool.inUse);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'opening' }, pool.opening);
      this.set({ state: 'max' }, pool.max);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Callers waiting for a database session',
    registers: [registry],
    collect() {
      this.set(sources.database.pool().waiting);
    },
  });
  new Gauge({
    name: 'job_lag_seconds',
    help: 'Seconds since the oldest due job of a kind became due without being taken',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const lag = await sources.jobs.lag().catch(() => ({}));
      for (const [job, seconds] of Object.entries(lag)) {
        this.set({ job }, seconds);
      }
    },
  });
  const cacheCounter = (name: string, help: string, pick: 'hits' | 'misses') =>
    new Counter({
      name,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const stats of sources.caches.list()) {
          this.inc({ cache: stats.name }, stats[pick]);
        }
      },
    });
  cacheCounter('cache_hits_total', 'Reads a cache answered', 'hits');
  cacheCounter('cache_misses_total', 'Reads a cache had to load', 'misses');

  app.get(METRICS_PATH, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const verdict = allowed(request, sources.token);
    if (verdict !== 'yes') {
      const key = verdict === 401 ? 'error.unauthorized' : 'error.forbidden';
      return fail(reply, verdict, message(request.lang, key));
    }
    const merged = Registry.merge([processMetrics(), registry]);
    reply.header('content-type', merged.contentType);
    return merged.metrics();
  });
}
