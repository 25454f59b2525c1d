import { plainResources } from '@yuan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { allModules } from '../../src/modules/index.ts';
import type { RouteInfo } from '../../src/plugins/route-table.ts';
import { checksums, insertRow, refsOf, resourceOf, sampleBody, TENANT_B, twoTenants } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { lowcodeAttempts } from './lowcode-rows.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof twoTenants>>;
/** Per resource: ids of rows in tenant A and in tenant B. */
const rows = new Map<string, { a: string[]; b: string[] }>();
let refsB: Awaited<ReturnType<typeof refsOf>>;
/** The low-code routes' attempts (their ids are entities', element definitions' and entity rows'). */
let lowcode: Awaited<ReturnType<typeof lowcodeAttempts>>['attempts'];

const submit = async (basePath: string, token: string, body: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${basePath}/submit`,
    headers: { 'blade-auth': `bearer ${token}` },
    payload: body,
  });
  if (res.statusCode !== 200) {
    throw new Error(`fixture ${basePath}: ${res.statusCode} ${res.body} for ${JSON.stringify(body)}`);
  }
  return res.json().data.id as string;
};

beforeAll(async () => {
  // The matrix is over every id-taking route: every module's.
  t = await createTestApp({}, allModules);
  tokens = await twoTenants(t);
  const refsA = await refsOf(t, '000000');
  refsB = await refsOf(t, TENANT_B);
  for (const res of plainResources) {
    if (res.readOnly) {
      const a = [await insertRow(t, res, '000000', 1), await insertRow(t, res, '000000', 2)];
      rows.set(res.name, { a, b: [await insertRow(t, res, TENANT_B, 3)] });
      continue;
    }
    const a = [
      await submit(res.basePath, tokens.a, sampleBody(res, 1, refsA)),
      await submit(res.basePath, tokens.a, sampleBody(res, 2, refsA)),
    ];
    // Platform resources belong to the platform tenant alone: B can create none.
    const b = res.platformOnly ? [] : [await submit(res.basePath, tokens.b, sampleBody(res, 3, refsB))];
    rows.set(res.name, { a, b });
  }
  lowcode = (await lowcodeAttempts(t, tokens)).attempts;
});
afterAll(() => t.close());

const keysOf = (schema: ZodType | undefined): string[] => {
  const shape = (
    schema as unknown as { shape?: Record<string, unknown>; def?: { innerType?: ZodType } } | undefined
  )?.shape;
  if (shape) {
    return Object.keys(shape);
  }
  const def = (
    schema as unknown as { def?: { innerType?: ZodType; left?: ZodType; right?: ZodType } } | undefined
  )?.def;
  if (def?.left || def?.right) {
    // An intersection (dynamic filters and a fixed key): the keys of both sides.
    return [...keysOf(def.left), ...keysOf(def.right)];
  }
  return def?.innerType ? keysOf(def.innerType) : [];
};

const takesIds = (r: RouteInfo) =>
  r.url.includes(':id') ||
  [...keysOf(r.querystring), ...keysOf(r.body)].some((k) => ['id', 'ids', 'entId', 'targetId'].includes(k));
const routeKey = (r: RouteInfo) => `${r.method} ${r.url}`;

describe('tenant isolation matrix (every route that takes an id)', () => {
  it('every id-taking route has a fixture', () => {
    const uncovered = t.app.routeTable
      .filter((r) => takesIds(r) && !resourceOf(r.url) && !lowcode[routeKey(r)])
      .map((r) => `${r.method} ${r.url}`);
    expect(uncovered).toEqual([]);
    // detail, submit and remove per resource; read-only resources have detail alone.
    const expected = plainResources.reduce((n, r) => n + (r.readOnly ? 1 : 3), 0);
    expect(t.app.routeTable.filter(takesIds).length).toBeGreaterThanOrEqual(expected);
  });

  it("B's administrator cannot read, change or remove A's rows, and nothing changes", async () => {
    const before = await checksums(t);
    const failures: string[] = [];
    const call = (route: RouteInfo, query: Record<string, string>, payload?: object, url = route.url) =>
      t.app.inject({
        method: route.method,
        url,
        query,
        headers: { 'blade-auth': `bearer ${tokens.b}` },
        ...(payload ? { payload } : {}),
      });

    for (const route of t.app.routeTable.filter(takesIds)) {
      for (const attempt of lowcode[routeKey(route)] ?? []) {
        const reply = await call(route, attempt.query ?? {}, attempt.body, attempt.url);
        if (reply.statusCode !== 404 && reply.statusCode !== 403) {
          failures.push(
            `${routeKey(route)} ${JSON.stringify(attempt)} → ${reply.statusCode} ${reply.body.slice(0, 120)}`,
          );
        }
      }
      const res = resourceOf(route.url);
      if (!res) {
        continue;
      }
      const { a, b } = rows.get(res.name)!;
      const attempts: [string, Record<string, string>, object | undefined][] = [];
      const q = keysOf(route.querystring);
      const body = keysOf(route.body);
      if (q.includes('id')) {
        // A route that also needs a table name (a datasource's columns) gets one, so only the id can refuse.
        attempts.push([
          'id of A',
          { id: a[0]!, ...(q.includes('table') ? { table: 'any_table' } : {}) },
          undefined,
        ]);
      }
      if (q.includes('ids')) {
        attempts.push(
          ['ids of A', { ids: a.join(',') }, undefined],
          ['mixed ids', { ids: [...a, ...b].join(',') }, undefined],
        );
      }
      if (body.includes('ids')) {
        attempts.push(
          ['body ids of A', {}, { ids: a.join(',') }],
          ['body mixed ids', {}, { ids: [...b, ...a].join(',') }],
        );
      }
      if (body.includes('id')) {
        // Save-style routes get a whole valid body; other routes taking an id get the id alone.
        const saves = /\/(submit|update)$/.test(route.url);
        attempts.push(['update A', {}, saves ? { ...sampleBody(res, 9, refsB), id: a[0]! } : { id: a[0]! }]);
      }
      for (const [label, query, payload] of attempts) {
        const reply = await call(route, query, payload);
        if (reply.statusCode !== 404 && reply.statusCode !== 403) {
          failures.push(
            `${route.method} ${route.url} ${label} → ${reply.statusCode} ${reply.body.slice(0, 120)}`,
          );
        }
      }
    }
    for (const res of plainResources) {
      const list = await t.app.inject({
        method: res.readMethod ?? 'GET',
        url: `${res.basePath}${res.listPath ?? '/list'}?size=200`,
        headers: { 'blade-auth': `bearer ${tokens.b}` },
      });
      // Platform data is refused to other tenants outright.
      const expected = res.platformOnly ? 403 : 200;
      if (list.statusCode !== expected) {
        failures.push(`${res.basePath}/list → ${list.statusCode} ${list.body.slice(0, 100)}`);
        continue;
      }
      if (res.platformOnly) {
        continue;
      }
      const ids = (list.json().data.records as { id: string }[]).map((r) => r.id);
      const { a, b } = rows.get(res.name)!;
      if (a.some((id) => ids.includes(id)) || !b.every((id) => ids.includes(id))) {
        failures.push(`${res.basePath}/list shows A's rows to B`);
      }
    }
    expect(failures).toEqual([]);
    expect(await checksums(t)).toEqual(before);
  });
});
