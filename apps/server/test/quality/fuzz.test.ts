import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { allModules } from '../../src/modules/index.ts';
import type { RouteInfo } from '../../src/plugins/route-table.ts';
import { checksums, twoTenants } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { jsonValue, scalar } from './fuzz-values.ts';

/** FUZZ_RUNS samples per route (default 20); a fixed seed unless FUZZ_SEED is given, so CI is repeatable. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const HANG_MS = 5_000;

const keysOf = (schema: ZodType | undefined): string[] => {
  const s = schema as unknown as
    | { shape?: Record<string, unknown>; def?: { innerType?: ZodType } }
    | undefined;
  return s?.shape ? Object.keys(s.shape) : s?.def?.innerType ? keysOf(s.def.innerType) : [];
};

type Sample =
  | { kind: 'json'; query: Record<string, string>; body: unknown }
  | { kind: 'raw'; query: Record<string, string>; body: string | Buffer; type: string };

function sampleOf(route: RouteInfo): fc.Arbitrary<Sample> {
  const names = [
    ...keysOf(route.querystring),
    ...keysOf(route.body),
    'id',
    'ids',
    'current',
    'size',
    'tenantId',
  ];
  const key = fc.oneof(fc.constantFrom(...names), fc.string({ minLength: 1, maxLength: 12 }));
  const query = fc.dictionary(key, scalar, { maxKeys: 4 });
  const body = fc.oneof(fc.dictionary(key, jsonValue, { maxKeys: 5 }), jsonValue);
  const raw = fc.oneof(
    fc.constant({ body: '{"unterminated": ', type: 'application/json' }),
    fc.constant({
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      type: 'application/json',
    }),
    fc.constant({ body: `{"x":"${'a'.repeat(1_100_000)}"}`, type: 'application/json' }),
    fc.constant({ body: 'a=1&b=2', type: 'text/plain' }),
    fc.constant({ body: '<xml/>', type: 'application/xml' }),
  );
  return fc.oneof(
    fc.record({
      kind: fc.constant('json' as const),
      query,
      body: route.method === 'GET' ? fc.constant(undefined) : body,
    }),
    route.method === 'GET'
      ? fc.record({ kind: fc.constant('json' as const), query, body: fc.constant(undefined) })
      : fc.record({
          kind: fc.constant('raw' as const),
          query,
          body: raw.map((r) => r.body),
          type: raw.map((r) => r.type),
        }),
  );
}

/** True when the route's own schemas accept the sample: that is valid input, not a malformed one. */
function isValid(route: RouteInfo, s: Sample): boolean {
  if (route.config.oauth || s.kind === 'raw') {
    return false;
  }
  const queryOk = !route.querystring || route.querystring.safeParse(s.query).success;
  const bodyOk = route.method === 'GET' || !route.body || route.body.safeParse(s.body ?? null).success;
  return queryOk && bodyOk;
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  // Every route of every module is fuzzed.
  t = await createTestApp({}, allModules);
  token = (await twoTenants(t)).a;
});
afterAll(() => t.close());

// Every route is tried: the time grows with the routes, and two busy cores may take several times one idle core's.
describe('fuzzing every route with malformed input', { timeout: 180_000 }, () => {
  it('answers 4xx with a message, never 5xx, never hangs, and changes no data', async () => {
    const before = await checksums(t);
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      await fc.assert(
        fc.asyncProperty(sampleOf(route), async (generated) => {
          // A sample the route would accept is made malformed with a field no route knows.
          const sample = isValid(route, generated)
            ? { ...generated, query: { ...generated.query, zz_unknown: '1' } }
            : generated;
          fc.pre(!isValid(route, sample));
          const url = route.url.replace(':id', 'x');
          const headers: Record<string, string> = { 'blade-auth': `bearer ${token}` };
          const payload =
            sample.kind === 'raw'
              ? { payload: sample.body, headers: { ...headers, 'content-type': sample.type } }
              : sample.body === undefined
                ? { headers }
                : {
                    payload: JSON.stringify(sample.body),
                    headers: { ...headers, 'content-type': 'application/json' },
                  };
          const reply = await Promise.race([
            t.app.inject({ method: route.method, url, query: sample.query, ...payload }),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), HANG_MS)),
          ]);
          if (!reply) {
            failures.push(`${route.method} ${route.url} hung`);
            return;
          }
          let body: { msg?: unknown; success?: unknown; error_description?: unknown } = {};
          try {
            body = reply.json();
          } catch {
            body = {};
          }
          const hasMessage =
            (typeof body.msg === 'string' && body.msg !== '' && body.success === false) ||
            (typeof body.error_description === 'string' && body.error_description !== '');
          if (reply.statusCode < 400 || reply.statusCode >= 500 || !hasMessage) {
            failures.push(
              `${route.method} ${route.url} → ${reply.statusCode} ${reply.body.slice(0, 160)} for ${JSON.stringify(sample).slice(0, 200)}`,
            );
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(await checksums(t)).toEqual(before);
  });
});
