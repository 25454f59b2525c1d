import { Agent, type OutgoingHttpHeaders, request } from 'node:http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { startProxy } from '../src/cluster/proxy.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/index.ts';
import type { Module } from '../src/lib/module/module.ts';

/** How many nodes a test app runs as: TEST_NODES=2 puts two behind the proxy; unset (or 1), one without a socket. */
export function testNodes(): 1 | 2 {
  const given = process.env.TEST_NODES ?? '1';
  if (given !== '1' && given !== '2') {
    throw new Error(`TEST_NODES must be 1 or 2, not ${given}`);
  }
  return given === '2' ? 2 : 1;
}

export interface TestCluster {
  /** The first app, with `inject` going over HTTP through the proxy to either node in turn. */
  app: FastifyInstance;
  close(): Promise<void>;
}

type Query = InjectOptions['query'];

function queryText(query: Query): string {
  if (query === undefined) {
    return '';
  }
  if (typeof query === 'string') {
    return query;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      params.append(key, one);
    }
  }
  return params.toString();
}

/** The path and query an inject call names (`url` or `path`, as text or parts, plus `query`). */
function target(options: InjectOptions): string {
  const given = options.url ?? options.path ?? '/';
  const base = typeof given === 'string' ? given : given.pathname;
  const parts = [typeof given === 'string' ? '' : queryText(given.query), queryText(options.query)];
  const extra = parts.filter(Boolean).join('&');
  if (!extra) {
    return base;
  }
  return `${base}${base.includes('?') ? '&' : '?'}${extra}`;
}

/** The body as light-my-request sends it: an object as JSON, text and bytes as they are. */
function body(options: InjectOptions, headers: OutgoingHttpHeaders): Buffer | undefined {
  const payload = options.payload ?? options.body;
  if (payload === undefined) {
    return undefined;
  }
  if (typeof payload === 'string') {
    return Buffer.from(payload);
  }
  if (Buffer.isBuffer(payload)) {
    return payload;
  }
  if ('pipe' in payload) {
    throw new Error('a stream payload is not carried to a test cluster');
  }
  headers['content-type'] ??= 'application/json';
  return Buffer.from(JSON.stringify(payload));
}

/**
 * An inject call made over real HTTP to `url` (the proxy). `remoteAddress` cannot travel over a socket: every call
 * comes from 127.0.0.1.
 */
function injectOver(url: string, agent: Agent) {
  return (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const opts: InjectOptions = typeof options === 'string' ? { url: options } : options;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (value !== undefined) {
        headers[name.toLowerCase()] = value;
      }
    }
    const sent = body(opts, headers);
    if (sent) {
      headers['content-length'] = sent.length;
    }
    return new Promise((resolve, reject) => {
      const call = request(
        new URL(target(opts), url),
        { method: opts.method ?? 'GET', headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const rawPayload = Buffer.concat(chunks);
            const payload = rawPayload.toString('utf8');
            const answer = {
              statusCode: res.statusCode ?? 0,
              statusMessage: res.statusMessage ?? '',
              headers: res.headers,
              trailers: {},
              rawPayload,
              payload,
              body: payload,
              json: () => JSON.parse(payload),
              cookies: [],
            };
            // What the suites read of an answer; the raw request and response objects exist only in-process.
            resolve(answer as unknown as LightMyRequestResponse);
          });
        },
      );
      call.on('error', reject);
      call.end(sent);
    });
  };
}

/** Another node on the database at `databaseUrl`: an app of its own, with its own pool, caches and bus. */
export async function nodeOn(
  databaseUrl: string,
  config: Config,
  modules: readonly Module<unknown>[],
): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase({ url: databaseUrl });
  const app = await buildApp({ config, database, logger: false, modules });
  await app.ready();
  return { app, database };
}

/**
 * A second node beside `first` (its own app and pool on the same database, the same config), both listening on
 * loopback behind the round-robin proxy: the suites' calls reach either node, as a load balancer's would.
 */
export async function behindProxy(
  first: FastifyInstance,
  databaseUrl: string,
  config: Config,
  modules: readonly Module<unknown>[],
): Promise<TestCluster> {
  const { app: second, database } = await nodeOn(databaseUrl, config, modules);
  const urls: string[] = [];
  for (const app of [first, second]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') {
      throw new Error('a test node listens on no port');
    }
    urls.push(`http://127.0.0.1:${address.port}`);
  }
  const proxy = await startProxy({ port: 0, targets: urls });
  const agent = new Agent({ keepAlive: true });
  const inject = injectOver(proxy.url, agent);
  const app = new Proxy(first, {
    get: (target, key, receiver) => (key === 'inject' ? inject : Reflect.get(target, key, receiver)),
  });
  return {
    app,
    async close() {
      agent.destroy();
      await proxy.close();
      await second.close();
      await database.close();
    },
  };
}
