import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TokenResponse } from '@yuan/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/index.ts';
import { ADMIN_PASSWORD, basic, testConfig } from './env.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Signs in (password grant) and returns the token response. */
  login(opts?: {
    username?: string;
    password?: string;
    ip?: string;
    tenantId?: string;
  }): Promise<TokenResponse>;
  /** GET/POST with a bearer token. */
  call(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh copy of the migrated, seeded database (PGlite or PostgreSQL) behind a real app, without a socket. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const template = inject('dbTemplate');
  let database: Database;
  let dropDb: (() => Promise<void>) | undefined;
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `yuan_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    database = await openDatabase({ url: target.toString() });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ loadDataDir: new Blob([readFileSync(template)]) });
  }
  const config = testConfig(env);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async login(opts = {}) {
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
    },
    call(method, url, token, payload) {
      return app.inject({
        method,
        url,
        headers: { 'blade-auth': `bearer ${token}` },
        payload: payload as string,
      });
    },
    async close() {
      await app.close();
      await database.close();
      await dropDb?.();
    },
  };
}
