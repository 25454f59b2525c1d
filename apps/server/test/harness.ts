import { randomBytes } from 'node:crypto';
import type { TokenResponse } from '@yuan/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/index.ts';
import type { Module } from '../src/lib/module/module.ts';
import { behindProxy, nodeOn, testNodes } from './cluster-app.ts';
import { ADMIN_PASSWORD, basic, testConfig } from './env.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Signs in (password grant) and returns the token response. */
  login(opts?: SignIn): Promise<TokenResponse>;
  /** GET/POST with a bearer token. */
  call(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The test run's PostgreSQL server, at `database` (its maintenance database by default). */
export function testDatabaseUrl(database?: string): string {
  const url = new URL(inject('databaseUrl'));
  if (database) {
    url.pathname = `/${database}`;
  }
  return url.toString();
}

/**
 * A database of its own for a test file, and how to drop it: a copy of the migrated, seeded template, or (`empty`)
 * one without the app's tables.
 */
export async function newDatabase(empty = false): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `yuan_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${empty ? 'template1' : inject('dbTemplate')}`);
  await admin.end();
  return {
    url: testDatabaseUrl(name),
    async drop() {
      const c = new pg.Client({ connectionString: testDatabaseUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * For the tests of a file that need a database but no app: a copy of the migrated, seeded template with a pool on
 * it, made before the file's tests and dropped after them. Returns a getter.
 */
export function useDatabaseCopy(): () => Database {
  let copy: Awaited<ReturnType<typeof newDatabase>> | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    copy = await newDatabase();
    database = await openDatabase({ url: copy.url });
  });
  afterAll(async () => {
    await database?.close();
    await copy?.drop();
  });
  return () => {
    if (!database) {
      throw new Error('no database outside the tests of its file');
    }
    return database;
  };
}

export interface SignIn {
  username?: string;
  password?: string;
  ip?: string;
  tenantId?: string;
}

/** Signs in to an app without a socket (password grant, the seeded admin by default): the token response. */
export async function signIn(app: FastifyInstance, opts: SignIn = {}): Promise<TokenResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token',
    headers: { authorization: basic() },
    remoteAddress: opts.ip ?? '10.0.0.1',
    query: {
      tenantId: opts.tenantId ?? '000000',
      username: opts.username ?? 'admin',
      password: opts.password ?? ADMIN_PASSWORD,
      grant_type: 'password',
      scope: 'all',
    },
  });
  if (res.statusCode !== 200) {
    throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  }
  return res.json() as TokenResponse;
}

/**
 * A fresh copy of the migrated, seeded database behind a real app, without a socket: the modules a test exercises
 * (and what they need; system, log and auth always). The list is required so each test names what it builds; a test
 * of every route passes `allModules`.
 */
export async function createTestApp(
  env: Record<string, string>,
  modules: readonly Module<unknown>[],
): Promise<TestApp> {
  const copy = await newDatabase();
  const database = await openDatabase({ url: copy.url });
  const config = testConfig(env);
  const first = await buildApp({ config, database, logger: false, modules });
  await first.ready();
  // TEST_NODES=2: a second node behind a proxy, and every call over HTTP through it (test/cluster-app.ts).
  const cluster = testNodes() === 2 ? await behindProxy(first, copy.url, config, modules) : undefined;
  return testApp(cluster?.app ?? first, database, config, async () => {
    await cluster?.close();
    await first.close();
    await database.close();
    await copy.drop();
  });
}

/** The handles of a test app; `close` closes everything it stands on. */
function testApp(
  app: FastifyInstance,
  database: Database,
  config: Config,
  close: () => Promise<void>,
): TestApp {
  return {
    app,
    database,
    config,
    login: (opts = {}) => signIn(app, opts),
    call(method, url, token, payload) {
      return app.inject({
        method,
        url,
        headers: { 'blade-auth': `bearer ${token}` },
        payload: payload as string,
      });
    },
    close,
  };
}

/**
 * Another server process on the same database as `t` (its own pool, caches and bus), as a second node of a cluster
 * behind a load balancer would be: it shares the first one's data folder, so its kept secrets (DATA_KEY) too.
 */
export async function secondNode(
  t: TestApp,
  modules: readonly Module<unknown>[],
  env: Record<string, string> = {},
): Promise<TestApp> {
  const config = testConfig({ DATA_DIR: t.config.dataDir, ...env });
  const { app, database } = await nodeOn(t.database.url, config, modules);
  return testApp(app, database, config, async () => {
    await app.close();
    await database.close();
  });
}
