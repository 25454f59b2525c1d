/**
 * The entity scenarios: a tenant's own entity of eight fields of mixed types, defined and synced through the app's
 * API (so its table and indexes are the DDL service's), with 100,000 rows written straight into that table. The app
 * serves its rows through the entity data API; the plain process (bench/raw-entity.ts) runs the same SQL shape on the
 * same table.
 */
import pg from 'pg';
import type { Scenario } from './load.ts';

export const ENTITY_ROWS = 100_000;
/** The first seeded row's id; row g has id ENTITY_BASE + g. */
const ENTITY_BASE = 5_000_000_000_000;

const ELEMENTS = [
  { eleNo: 'title', eleName: 'Title', dataTyp: 'string', verifyJson: { stringRange: [0, 64] } },
  { eleNo: 'qty', eleName: 'Quantity', dataTyp: 'int' },
  { eleNo: 'price', eleName: 'Price', dataTyp: 'decimal' },
  { eleNo: 'active', eleName: 'Active', dataTyp: 'bool' },
  { eleNo: 'due', eleName: 'Due', dataTyp: 'date' },
  { eleNo: 'happened', eleName: 'Happened', dataTyp: 'datetime' },
  { eleNo: 'notes', eleName: 'Notes', dataTyp: 'text' },
  { eleNo: 'code', eleName: 'Code', dataTyp: 'string', verifyJson: { stringRange: [0, 32] } },
];

async function call(base: string, client: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${base}/api/yuan-api${path}`, {
    method: 'POST',
    headers: { authorization: client, 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: { id?: string }; msg: string };
  if (!json.success) {
    throw new Error(`${path}: ${json.msg}`);
  }
  return json.data;
}

/** Defines and syncs the entity as the tenant's administrator, then fills its table; answers the entity's id. */
export async function seedEntity(
  base: string,
  client: string,
  token: string,
  databaseUrl: string,
  tenantId: string,
): Promise<string> {
  const { id } = await call(base, client, token, '/dtentity/saveOrUpdate', {
    entNo: 'bench_item',
    entName: 'Bench items',
    remark: '',
    elements: ELEMENTS,
  });
  const entId = String(id);
  await call(base, client, token, '/dtentity/syncEntityDataBaseTable', { id: entId, apply: true });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Ids grow with creation time, as snowflake ids do.
    if (!/^\d{1,19}$/.test(entId)) {
      throw new Error(`not an entity id: ${entId}`);
    }
    const table = `yuan_ent_${entId}`;
    // The table's row-level security holds for its owner too: the rows are written as the tenant's.
    await db.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
    await db.query(
      `INSERT INTO ${table} (tenant_id, id, title, qty, price, active, due, happened, notes, code, create_time, update_time)
       SELECT $1, $2::bigint + g, 'Item ' || g, g % 1000, (g % 5000) * 1.25, g % 2 = 0,
              date '2026-01-01' + (g % 365), now() - make_interval(secs => $3 - g), 'Seeded note ' || g, 'C-' || g,
              now() - make_interval(secs => $3 - g), now()
       FROM generate_series(1, $3::int) AS g`,
      [tenantId, ENTITY_BASE, ENTITY_ROWS],
    );
    await db.query(`VACUUM ANALYZE ${table}`);
  } finally {
    await db.end();
  }
  return entId;
}

const rowId = (i: number) => String(ENTITY_BASE + 1 + ((i * 7919) % ENTITY_ROWS));
/** A contains-search as a user looking for an item types it: 'em 1234' finds Item 1234 and Item 12340–12349. */
const term = (i: number) => `em ${1230 + (i % 10)}`;
const newRow = (i: number) => ({
  title: `Created ${i}`,
  qty: i % 1000,
  price: '12.50',
  active: true,
  due: '2026-06-01',
  happened: '2026-06-01T10:00:00Z',
  notes: 'created by the benchmark',
  code: `N-${i}`,
});

/** The app's side: the entity data API of the tenant that owns the entity. */
export function entityAppScenarios(entId: string, headers: Record<string, string>): Scenario[] {
  const data = '/api/yuan-api/dtentity';
  return [
    {
      name: 'entity list page 1 with total',
      request: () => ({ path: `${data}/queryDataByFields?entId=${entId}&current=1&size=10`, headers }),
    },
    {
      name: 'entity list filtered and sorted',
      request: (i) => ({
        path: `${data}/queryDataByFields?entId=${entId}&current=1&size=10&title=${encodeURIComponent(term(i))}&sort=qty`,
        headers,
      }),
    },
    {
      name: 'entity detail',
      request: (i) => ({ path: `${data}/data/detail?entId=${entId}&id=${rowId(i)}`, headers }),
    },
    {
      name: 'entity create',
      method: 'POST',
      request: (i) => ({ path: `${data}/saveOrUpdateData`, headers, body: { entId, data: newRow(i) } }),
    },
    {
      name: 'entity update',
      method: 'POST',
      request: (i) => ({
        path: `${data}/saveOrUpdateData`,
        headers,
        body: { entId, data: { id: rowId(i), title: `Item ${i}`, qty: i % 1000 } },
      }),
    },
  ];
}

/**
 * The plain process's side: the same reads and writes of the same table (bench/raw-entity.ts). Its writes are the
 * app's statement (decision 0053): the row and its revision in one prepared statement, as every create and update of
 * the app is written; the same writes without the revision run beside them (`REVISION_COST`).
 */
export function entityRawScenarios(entId: string, tenantId: string): Scenario[] {
  const at = `/raw/entity?t=${tenantId}&e=${entId}`;
  return [
    { name: 'entity list page 1', request: () => ({ path: `${at}&op=list` }) },
    {
      name: 'entity list filtered and sorted',
      request: (i) => ({ path: `${at}&op=search&q=${encodeURIComponent(term(i))}` }),
    },
    { name: 'entity detail', request: (i) => ({ path: `${at}&op=detail&id=${rowId(i)}` }) },
    {
      name: 'entity create',
      method: 'POST',
      request: (i) => ({ path: `${at}&op=create&rev=1`, body: newRow(i) }),
    },
    {
      name: 'entity update',
      method: 'POST',
      request: (i) => ({
        path: `${at}&op=update&rev=1&id=${rowId(i)}`,
        body: { title: `Item ${i}`, qty: i % 1000 },
      }),
    },
  ];
}

/** The twin's writes as prepared statements, alone and with their revision: what keeping revisions costs a write. */
export const REVISION_COST = [
  ['entity create', 'twin create without revision', 'twin create with revision'],
  ['entity update', 'twin update without revision', 'twin update with revision'],
] as const;

/** The twin's create and update, each without and with its revision (`rev=0|1`), for `REVISION_COST`. */
export function revisionCostScenarios(entId: string, tenantId: string): Scenario[] {
  const at = `/raw/entity?t=${tenantId}&e=${entId}`;
  const create = (rev: number): Scenario => ({
    name: `twin create ${rev ? 'with' : 'without'} revision`,
    method: 'POST',
    request: (i) => ({ path: `${at}&op=create&rev=${rev}`, body: newRow(i) }),
  });
  const update = (rev: number): Scenario => ({
    name: `twin update ${rev ? 'with' : 'without'} revision`,
    method: 'POST',
    request: (i) => ({
      path: `${at}&op=update&rev=${rev}&id=${rowId(i)}`,
      body: { title: `Item ${i} ${rev}`, qty: (i + rev) % 1000 },
    }),
  });
  // Each pair side by side, the second in the other order: the table a round grows weighs on both alike.
  return [create(0), create(1), update(1), update(0)];
}

/** Each app entity scenario's twin. */
export const ENTITY_RAW_OF: Record<string, string> = {
  'entity list page 1 with total': 'entity list page 1',
  'entity list filtered and sorted': 'entity list filtered and sorted',
  'entity detail': 'entity detail',
  'entity create': 'entity create',
  'entity update': 'entity update',
};
