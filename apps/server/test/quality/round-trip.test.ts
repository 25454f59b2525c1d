import { type FieldSpec, plainResources, type Resource } from '@yuan/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deskModule } from '../../src/modules/desk/index.ts';
import { developModule } from '../../src/modules/develop/index.ts';
import { helpModule } from '../../src/modules/help/index.ts';
import { logModule } from '../../src/modules/log/index.ts';
import { lowcodeModule } from '../../src/modules/lowcode/index.ts';
import { reportModule } from '../../src/modules/report/index.ts';
import { resourceModule } from '../../src/modules/resource/index.ts';
import { systemModule } from '../../src/modules/system/index.ts';
import { userModule } from '../../src/modules/user/index.ts';
import { checksums, refsOf, sampleBody, TENANT_B, twoTenantApp } from '../fixtures.ts';

/**
 * Clients written for the origin system bind their forms to the row they read and post it back whole. For every
 * resource with a submit call: read → change one field → submit the row as read → saved, while the fields the
 * server manages (tenant, audit columns, joined names) are ignored even when the body forges them.
 */
// The modules that serve the plain resources (a resource of another module would answer 404 and fail the test).
const { t, tokens } = twoTenantApp(
  () => ({}),
  [
    systemModule,
    userModule,
    logModule,
    deskModule,
    resourceModule,
    developModule,
    reportModule,
    lowcodeModule,
    helpModule,
  ],
);
const writable = plainResources.filter((r) => !r.readOnly);

const call = (res: Resource, token: string, path: string, init: { query?: object; payload?: object }) =>
  t.app.inject({
    method: path === '/submit' || path === '/remove' ? 'POST' : (res.readMethod ?? 'GET'),
    url: `${res.basePath}${path}`,
    headers: { 'blade-auth': `bearer ${token}` },
    query: init.query as Record<string, string> | undefined,
    ...(init.payload ? { payload: init.payload } : {}),
  });

/** A plain text field the test may change freely (no format, not unique, stored and returned). */
function editableText(res: Resource): [string, FieldSpec] {
  const found =
    Object.entries(res.fields).find(
      ([, f]) =>
        (f.kind === 'string' || f.kind === 'text') &&
        !f.pattern &&
        !f.unique &&
        !f.writeOnly &&
        !f.formOnly &&
        !f.search,
    ) ??
    Object.entries(res.fields).find(
      ([, f]) => (f.kind === 'string' || f.kind === 'text') && !f.pattern && !f.writeOnly && !f.formOnly,
    );
  if (!found) {
    throw new Error(`${res.name}: no text field to change`);
  }
  return found;
}

/** Managed columns as stored, read as the owner. */
async function stored(res: Resource, id: string) {
  const audit = res.noAudit
    ? sql`NULL AS create_user, NULL AS is_deleted`
    : sql`create_user::text, create_time::text, is_deleted`;
  const tenant = res.tenantScoped ? sql`tenant_id` : sql`NULL AS tenant_id`;
  const r = await sql<Record<string, unknown>>`SELECT ${tenant}, ${audit} FROM ${sql.table(res.table)}
    WHERE id = ${id}`.execute(t.database.root);
  return r.rows[0];
}

async function created(res: Resource, token: string, tenantId: string, n: number): Promise<string> {
  const reply = await call(res, token, '/submit', { payload: sampleBody(res, n, await refsOf(t, tenantId)) });
  if (reply.statusCode !== 200) {
    throw new Error(`${res.name}: ${reply.statusCode} ${reply.body}`);
  }
  return reply.json().data.id as string;
}

describe('a row read from the API can be saved back', () => {
  it('covers every resource with a submit call', () => {
    expect(writable.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'param',
        'user',
        'tenant',
        'role',
        'menu',
        'dept',
        'notice',
        'oss',
        'datasource',
      ]),
    );
  });

  for (const res of writable) {
    it(`${res.name}: detail and list rows post back with one change; forged managed fields change nothing`, async () => {
      const id = await created(res, tokens.a, '000000', 41);
      const before = await stored(res, id);
      const [field, spec] = editableText(res);
      const detail = (await call(res, tokens.a, '/detail', { query: { id } })).json().data as Record<
        string,
        unknown
      >;
      const list = (await call(res, tokens.a, res.listPath ?? '/list', { query: { size: 100 } })).json().data;
      const listed = (list.records as Record<string, unknown>[]).find((r) => r.id === id);
      for (const [source, row] of [
        ['detail', detail],
        ['list', listed],
      ] as const) {
        expect(row, `${res.name} ${source}`).toBeDefined();
        const value = `${source}-edited`.slice(0, spec.max ?? 255);
        const forged = {
          ...row,
          [field]: value,
          // A client can send anything here: none of it may be written.
          ...('tenantId' in res.fields || res.submitTenant ? {} : { tenantId: TENANT_B }),
          createUser: '1',
          createDept: '1',
          createTime: '2000-01-01 00:00:00',
          updateUser: '1',
          isDeleted: 1,
          ...('status' in res.fields ? {} : { status: 99 }),
        };
        const saved = await call(res, tokens.a, '/submit', { payload: forged });
        expect(saved.statusCode, `${res.name} ${source}: ${saved.body}`).toBe(200);
        const after = (await call(res, tokens.a, '/detail', { query: { id } })).json().data;
        expect(after[field], `${res.name} ${source}`).toBe(value);
        expect(await stored(res, id), `${res.name} ${source}`).toEqual(before);
        if (!('status' in res.fields) && 'status' in detail) {
          expect(after.status, `${res.name} ${source}`).toBe(detail.status);
        }
      }
    });
  }

  it('still refuses a field nobody declares, naming it, and writes nothing', async () => {
    for (const res of writable) {
      const id = await created(res, tokens.a, '000000', 42);
      const detail = (await call(res, tokens.a, '/detail', { query: { id } })).json().data;
      const before = await checksums(t);
      const reply = await call(res, tokens.a, '/submit', { payload: { ...detail, colour: 'red', sizeX: 1 } });
      expect(reply.statusCode, res.name).toBe(400);
      expect(reply.json().msg, res.name).toBe('不支持的字段: colour,sizeX');
      expect(await checksums(t), res.name).toEqual(before);
    }
  });
});
