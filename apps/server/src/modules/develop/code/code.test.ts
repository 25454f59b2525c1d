import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { useOutsidePostgres } from '../../../../test/outside-postgres.ts';
import { developModule } from '../index.ts';

const outside = useOutsidePostgres(
  'CREATE TABLE shop_order (id bigint PRIMARY KEY, tenant_id varchar(12), title varchar(80) NOT NULL, ' +
    'amount numeric, paid boolean DEFAULT false, placed_at timestamptz, note text, customer_id bigint, extra jsonb)',
);
const { t, tokens } = twoTenantApp(
  () => ({ DATASOURCE_ALLOW: `127.0.0.1:${outside.port()}` }),
  [developModule],
);
const BASE = '/api/yuan-develop/code';
const ROOT = resolve(import.meta.dirname, '../../../../../..');

let datasourceId = '';
beforeAll(async () => {
  const ds = await t.call('POST', '/api/yuan-develop/datasource/submit', tokens.a, {
    name: 'shop',
    driverClass: 'org.postgresql.Driver',
    url: `jdbc:postgresql://127.0.0.1:${outside.port()}/postgres`,
    username: 'reader',
    password: 'reader-secret',
  });
  datasourceId = ds.json().data.id;
  await sql`CREATE TABLE sample_item (id bigint PRIMARY KEY, item_name varchar(40) NOT NULL, qty integer)`.execute(
    t.database.root,
  );
});

async function record(body: Record<string, unknown>): Promise<string> {
  const res = await t.call('POST', `${BASE}/submit`, tokens.a, {
    tablePrefix: '',
    menuParent: '/tool',
    tenantScoped: true,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
async function generate(ids: string[]): Promise<Record<string, string>> {
  const res = await t.call('POST', `${BASE}/gen-code`, tokens.a, { ids });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const zip = await JSZip.loadAsync(res.rawPayload);
  const files: Record<string, string> = {};
  for (const [path, entry] of Object.entries(zip.files)) {
    if (!entry.dir) {
      files[path] = await entry.async('string');
    }
  }
  return files;
}

describe('code generator', () => {
  it('generates a module from a datasource table whose TypeScript type-checks inside this repository', async () => {
    const module = `gencheck${Date.now().toString(36)}`;
    const id = await record({
      codeName: module,
      datasourceId,
      tableName: 'shop_order',
      resourceName: 'shopOrder',
      apiPath: '/api/yuan-shop/order',
    });
    const files = await generate([id]);
    expect(Object.keys(files).sort()).toEqual([
      'README.md',
      'apps/server/src/db/migrations/NNNN_shop_order.sql',
      `apps/server/src/modules/${module}/shop-order.module.ts`,
      `apps/web/src/features/${module}/shop-order/ShopOrderPage.tsx`,
      'menus.tsv',
      `packages/contract/src/${module}/shop-order.ts`,
    ]);
    const contract = files[`packages/contract/src/${module}/shop-order.ts`] ?? '';
    expect(contract).toContain(
      "title: { column: 'title', kind: 'string', label: ['title', 'title'], required: true, max: 80",
    );
    expect(contract).toContain("customerId: { column: 'customer_id', kind: 'id'");
    expect(contract).not.toContain("column: 'tenant_id'");
    const migration = files['apps/server/src/db/migrations/NNNN_shop_order.sql'] ?? '';
    expect(migration).toContain("SELECT yuan_enable_tenant_rls('shop_order');");
    expect(files['menus.tsv']).toBe(
      `/tool\t/${module}/shop-order\tshopOrder\tshop_order\tshop_order\ttable\t1\tno\t-\n`,
    );

    // The three TypeScript files must compile with the project's own settings where the README puts them. They are
    // checked in a copy outside the sources (the folders merged by rootDirs), so no run leaves them in the tree.
    const written = Object.entries(files).filter(([path]) => /\.tsx?$/.test(path));
    // Inside the repository, so bare imports find its node_modules; under the ignored build folder.
    const copy = join(ROOT, '.tsbuild', `codegen-${module}`);
    try {
      for (const [path, text] of written) {
        mkdirSync(dirname(join(copy, path)), { recursive: true });
        writeFileSync(join(copy, path), text);
      }
      const config = join(copy, 'tsconfig.json');
      writeFileSync(
        config,
        JSON.stringify({
          extends: join(ROOT, 'tsconfig.base.json'),
          compilerOptions: {
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            jsx: 'react-jsx',
            types: ['node', 'vite/client'],
            rootDirs: [ROOT, copy],
            paths: { [`@yuan/contract/${module}/*`]: [join(copy, `packages/contract/src/${module}/*`)] },
          },
          files: written.map(([path]) => join(copy, path)),
        }),
      );
      const tsc = join(ROOT, 'node_modules/.bin/tsc');
      const run = await promisify(execFile)(tsc, ['-p', config, '--noEmit'], { cwd: ROOT }).catch(
        (error: { stdout?: string }) => ({ stdout: `FAILED\n${error.stdout ?? ''}` }),
      );
      expect(run.stdout, config).toBe('');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 240_000);

  it("reads the app's own database when no datasource is named, and copies a record", async () => {
    const id = await record({
      codeName: 'inventory',
      tableName: 'sample_item',
      resourceName: 'sampleItem',
      apiPath: '/api/yuan-inventory/item',
      tenantScoped: false,
    });
    const files = await generate([id]);
    expect(files['packages/contract/src/inventory/sample-item.ts']).toContain(
      "itemName: { column: 'item_name', kind: 'string', label: ['item_name', 'item_name'], required: true, max: 40",
    );
    expect(files['apps/server/src/db/migrations/NNNN_sample_item.sql']).toContain(
      'id bigint NOT NULL PRIMARY KEY',
    );
    const copied = await t.call('POST', `${BASE}/copy`, tokens.a, { id });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().data).toMatchObject({ codeName: 'inventory_copy', tableName: 'sample_item' });
    expect(copied.json().data.id).not.toBe(id);
  });

  it('refuses a missing table, other tenants and callers without the buttons', async () => {
    const id = await record({
      codeName: 'ghost',
      tableName: 'no_such_table',
      resourceName: 'ghost',
      apiPath: '/api/yuan-ghost/ghost',
    });
    const missing = await t.call('POST', `${BASE}/gen-code`, tokens.a, { ids: [id] });
    expect(missing.json().msg).toBe('表不存在：no_such_table');
    expect((await t.call('POST', `${BASE}/gen-code`, tokens.b, { ids: [id] })).statusCode).toBe(403);
    expect((await t.call('POST', `${BASE}/copy`, tokens.noPerm, { id })).statusCode).toBe(403);
    expect((await t.call('POST', `${BASE}/gen-code`, tokens.a, { ids: 'x;drop' })).statusCode).toBe(400);
  });
});
