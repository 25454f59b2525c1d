import { SECRET_MASK, secret, secretPaths } from '@yuan/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import { allModules } from '../../src/modules/index.ts';
import type { RouteInfo } from '../../src/plugins/route-table.ts';
import { basic, CLIENT } from '../env.ts';
import { refsOf } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { Markers, onlySecrets, type Sample, schemasOf, validSamples } from './secret-samples.ts';

const PROBE = '/api/zz-probe/secret';

let t: TestApp;
let app: FastifyInstance;
let token: string;
/** Everything the server's own log wrote, at every level. */
const lines: string[] = [];
const m = new Markers();

beforeAll(async () => {
  // Signs in and holds the database: the app under test is the one below.
  t = await createTestApp({ API_LOG: 'all' }, []);
  // A second app on the same database, logging at every level into `lines`.
  app = await buildApp({
    config: { ...t.config, logLevel: 'trace' },
    database: t.database,
    logStream: { write: (line) => void lines.push(line) },
    // Every route whose schema declares a secret is called: every module's.
    modules: allModules,
  });
  // A route that fails unexpectedly with its secret in the error's message: the error log's and the log's path.
  app.withTypeProvider<ZodTypeProvider>().post(
    PROBE,
    {
      config: { public: true },
      schema: { body: z.strictObject({ pin: secret(z.string().min(4)), note: z.string() }) },
    },
    async (request) => {
      throw new Error(`could not use ${request.body.pin} for ${request.body.note}`);
    },
  );
  await app.ready();
  token = (await t.login()).access_token;
  // The caller's token and the web client's secret travel in headers; no log may show them either.
  m.all.push(token, CLIENT.secret, basic().slice('Basic '.length));
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const secretRoutes = () =>
  app.routeTable.filter((r) => {
    const { query, body } = schemasOf(r);
    return secretPaths(query).length + secretPaths(body).length > 0;
  });

function send(route: RouteInfo, s: Sample): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'blade-auth': `bearer ${token}`, ...s.headers };
  const payload =
    s.form !== undefined
      ? {
          payload: new URLSearchParams(s.form).toString(),
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        }
      : s.body !== undefined
        ? { payload: JSON.stringify(s.body), headers: { ...headers, 'content-type': 'application/json' } }
        : { headers };
  return app.inject({ method: route.method, url: route.url, query: s.query ?? {}, ...payload });
}

async function logTexts() {
  await app.logs.flush();
  const db = t.database.root;
  const api = await db.selectFrom('yuan_log_api').select(['request_uri', 'params', 'user_agent']).execute();
  const errors = await db
    .selectFrom('yuan_log_error')
    .select(['request_uri', 'message', 'stack_trace', 'info'])
    .execute();
  const usual = await db.selectFrom('yuan_log_usual').select(['log_data', 'request_uri']).execute();
  return { api, errors, usual };
}

describe('secret fields in the logs (every route whose schema declares one)', { timeout: 240_000 }, () => {
  it('finds the secret fields the contract declares', () => {
    const found = secretRoutes().map((r) => `${r.method} ${r.url}`);
    for (const route of [
      'POST /api/yuan-auth/oauth/token',
      'POST /api/yuan-auth/oauth/phone',
      'POST /api/yuan-auth/oauth/checkEmailVerifyCode',
      'POST /api/yuan-api/clientApp/importWallet',
      'POST /api/yuan-api/clientApp/sendTerritoryCode',
      'POST /api/yuan-api/clientApp/sendToken',
      'POST /api/yuan-api/sdk/use',
      'POST /api/yuan-user/pwd/retrieve',
      'POST /api/yuan-user/update-password',
      'POST /api/yuan-user/submit',
      'POST /api/yuan-system/client/submit',
      'POST /api/yuan-resource/oss/submit',
      'POST /api/yuan-resource/sms/submit',
      'POST /api/yuan-develop/datasource/submit',
    ]) {
      expect(found).toContain(route);
    }
  });

  it('never writes a secret to the API log, the error log or the server log, valid call or not', async () => {
    const refs = await refsOf(t, '000000');
    const routes = secretRoutes();
    const problems: string[] = [];
    const called = new Map<string, number>();
    let n = 900;
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const { query, body } = schemasOf(route);
      // Only the secret fields: the other required fields are missing, so most of these are refused (400).
      const bare: Sample = route.config.paramsSchema
        ? { query: onlySecrets(query, m) as Record<string, string>, headers: { authorization: basic() } }
        : { query: onlySecrets(query, m) as Record<string, string> | undefined, body: onlySecrets(body, m) };
      n += 1;
      const valid = validSamples(route, m, refs, n);
      if (!valid) {
        problems.push(`${name}: no valid sample; add one to secret-samples.ts`);
      }
      for (const sample of [bare, ...(valid ?? [])]) {
        const passes =
          sample === bare ||
          route.config.paramsSchema !== undefined ||
          ((!route.querystring || route.querystring.safeParse(sample.query ?? {}).success) &&
            (!route.body || route.body.safeParse(sample.body ?? sample.form ?? null).success));
        if (!passes) {
          problems.push(`${name}: the sample does not pass the route's validation ${JSON.stringify(sample)}`);
        }
        const reply = await send(route, sample);
        if (reply.statusCode >= 500 && route.url !== PROBE) {
          problems.push(`${name} → ${reply.statusCode} ${reply.body.slice(0, 200)}`);
        }
        called.set(route.url, (called.get(route.url) ?? 0) + 1);
      }
    }
    expect(problems).toEqual([]);

    const { api, errors, usual } = await logTexts();
    const apiText = JSON.stringify(api);
    const errorText = JSON.stringify(errors);
    const serverLog = lines.join('');
    expect({
      api: m.foundIn(apiText),
      errors: m.foundIn(errorText),
      usual: m.foundIn(JSON.stringify(usual)),
      server: m.foundIn(serverLog),
    }).toEqual({ api: [], errors: [], usual: [], server: [] });

    // The logs were written: every call has its API log row, with the secrets masked.
    for (const [url, count] of called) {
      const rows = api.filter((r) => r.request_uri === url);
      expect(rows.length, url).toBeGreaterThanOrEqual(count);
      expect(
        rows.some((r) => r.params.includes(SECRET_MASK)),
        url,
      ).toBe(true);
    }
    // …the server log saw the calls, secret query parameters masked in their addresses…
    expect(serverLog).toContain(`password=${SECRET_MASK}`);
    // …and the probe's failure reached the error log and the server log, its secret cleaned from the message.
    const probeErrors = errors.filter((r) => r.request_uri === PROBE);
    expect(probeErrors.length).toBeGreaterThan(0);
    expect(probeErrors[0]?.message).toMatch(/^could not use \*{6} for note-/);
    expect(serverLog).toContain('could not use ******');
  });

  it('would see a leak: a value the logs do show is reported by the same search', () => {
    const serverLog = lines.join('');
    const note = /could not use \*{6} for (note-[0-9a-f]+)/.exec(serverLog)?.[1];
    expect(note).toBeDefined();
    const shown = new Markers();
    shown.all.push(note as string);
    expect(shown.foundIn(serverLog)).toEqual([note]);
    expect(m.foundIn(serverLog)).toEqual([]);
  });
});
