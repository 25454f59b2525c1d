import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { lowcodeModule } from '../index.ts';

const API = '/api/yuan-api';
// A short timeout and a modest cost cap, so both refusals can be seen with a few hundred rows.
const { t, tokens } = twoTenantApp(
  () => ({
    SQL_TIMEOUT_MS: '300',
    SQL_COST_CAP: '3000000',
    SQL_ROW_CAP: '50',
  }),
  [lowcodeModule],
);

async function defineEntity(token: string, body: Record<string, unknown>): Promise<string> {
  const saved = await t.call('POST', `${API}/dtentity/saveOrUpdate`, token, body);
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json().data.id as string;
  const synced = await t.call('POST', `${API}/dtentity/syncEntityDataBaseTable`, token, { id, apply: true });
  expect(synced.statusCode, synced.body).toBe(200);
  return id;
}
const addRow = async (token: string, entId: string, data: Record<string, unknown>) => {
  const res = await t.call('POST', `${API}/dtentity/saveOrUpdateData`, token, { entId, data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
};
const run = (token: string, sql: string, params?: unknown[]) =>
  t.call('POST', `${API}/sqlEdit/test`, token, { sql, ...(params ? { params } : {}) });
const refusal = async (token: string, sql: string) => {
  const res = await run(token, sql);
  expect(res.statusCode, res.body).toBe(400);
  return res.json().msg as string;
};

let customerA = '';
beforeAll(async () => {
  customerA = await defineEntity(tokens.a, {
    entNo: 'customer',
    entName: '客户',
    elements: [
      { eleNo: 'name', eleName: '名称', dataTyp: 'string' },
      { eleNo: 'level', eleName: '等级', dataTyp: 'int' },
    ],
  });
  const purchase = await defineEntity(tokens.a, {
    entNo: 'purchase',
    entName: '订单',
    elements: [
      { eleNo: 'title', eleName: '标题', dataTyp: 'string' },
      { eleNo: 'customer_id', eleName: '客户', dataTyp: 'string', refEntId: customerA },
    ],
  });
  const ann = await addRow(tokens.a, customerA, { name: 'Ann', level: 2 });
  await addRow(tokens.a, customerA, { name: 'Bob', level: 1 });
  await addRow(tokens.a, purchase, { title: 'First', customer_id: ann });
  // Tenant B has an entity of the same code with its own rows.
  const customerB = await defineEntity(tokens.b, {
    entNo: 'customer',
    entName: '客户',
    elements: [{ eleNo: 'name', eleName: '名称', dataTyp: 'string' }],
  });
  await addRow(tokens.b, customerB, { name: 'Secret of B' });
  // 300 rows, written directly: enough for joins whose cost and time are real.
  const bulk = await defineEntity(tokens.a, {
    entNo: 'bulk',
    entName: '批量',
    elements: [{ eleNo: 'name', eleName: '名称', dataTyp: 'string' }],
  });
  await sql`INSERT INTO ${sql.table(`yuan_ent_${bulk}`)} (tenant_id, id, name)
    SELECT '000000', g, 'n' || g FROM generate_series(1, 300) g`.execute(t.database.root);
  // The planner's estimates come from statistics (autovacuum gathers them on PostgreSQL; here, at once).
  await sql`ANALYZE ${sql.table(`yuan_ent_${bulk}`)}`.execute(t.database.root);
});

describe('sqlEdit/test', () => {
  it("runs a SELECT over the tenant's entities by code, with parameters bound", async () => {
    const res = await run(
      tokens.a,
      'SELECT c.name, p.title FROM purchase p JOIN customer c ON c.id = p.customer_id WHERE c.level >= $1',
      [2],
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.columns).toEqual(['name', 'title']);
    expect(data.rows).toEqual([{ name: 'Ann', title: 'First' }]);
    expect(data.truncated).toBe(false);
  });

  it("sees only the caller's tenant: the same code is another table, and RLS holds besides", async () => {
    const a = (await run(tokens.a, 'select name from customer order by name')).json().data.rows;
    expect(a.map((r: { name: string }) => r.name)).toEqual(['Ann', 'Bob']);
    const b = (await run(tokens.b, 'select name from customer')).json().data.rows;
    expect(b).toEqual([{ name: 'Secret of B' }]);
    // Tenant B cannot name tenant A's table either (only its own entities' codes are tables).
    expect(await refusal(tokens.b, `select * from yuan_ent_${customerA}`)).toContain(`yuan_ent_${customerA}`);
  });

  it('refuses writes, several statements, SELECT INTO, locks, system tables and unlisted functions', async () => {
    expect(await refusal(tokens.a, "delete from customer where name = 'Ann'")).toBe(
      '只能执行查询（SELECT）语句',
    );
    expect(await refusal(tokens.a, "update customer set name = 'x'")).toBe('只能执行查询（SELECT）语句');
    expect(await refusal(tokens.a, 'select 1; drop table customer')).toBe('只能执行一条语句');
    expect(await refusal(tokens.a, 'select * into copy from customer')).toBe('只能执行查询（SELECT）语句');
    expect(await refusal(tokens.a, 'select * from customer for update')).toBe('只能执行查询（SELECT）语句');
    expect(await refusal(tokens.a, 'select * from yuan_user')).toContain('yuan_user');
    expect(await refusal(tokens.a, 'select * from public.customer')).toContain('public.customer');
    expect(await refusal(tokens.a, 'select pg_sleep(10)')).toBe('不允许使用函数 pg_sleep');
    expect(await refusal(tokens.a, "select set_config('app.tenant_id', '200002', false)")).toContain(
      'set_config',
    );
    expect(await refusal(tokens.a, 'select * from generate_series(1, 10)')).toContain('FROM');
    expect(await refusal(tokens.a, "select 'yuan_user'::regclass")).toContain('regclass');
    expect(
      await refusal(tokens.a, 'with recursive r as (select 1 union all select 1 from r) select * from r'),
    ).toBe('不支持递归查询（WITH RECURSIVE）');
    expect(await refusal(tokens.a, 'selec name from customer')).toContain('SQL语法错误');
    // Nothing changed.
    const names = (await run(tokens.a, 'select count(*)::int as n from customer')).json().data.rows[0].n;
    expect(names).toBe(2);
  });

  it('asks for the declared number of parameters and reports a failing query in the envelope', async () => {
    const res = await run(tokens.a, 'select name from customer where level = $2', [1]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('查询需要2个参数，收到1个');
    const bad = await refusal(tokens.a, 'select missing_column from customer');
    expect(bad).toContain('missing_column');
  });

  it('cuts the answer at the row cap and says so', async () => {
    const res = await run(
      tokens.a,
      'select a.name from customer a, customer b, customer c, customer d, customer e, customer f',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toHaveLength(50);
    expect(res.json().data.truncated).toBe(true);
  });

  it('refuses a query whose planner cost is above the cap before it runs', async () => {
    // 300 rows crossed four times: eight billion combinations by the planner's own estimate.
    expect(await refusal(tokens.a, 'select count(*) from bulk a, bulk b, bulk c, bulk d')).toMatch(
      /^查询代价过高/,
    );
  });

  it('cancels a query at the statement timeout', async () => {
    // 27 million row combinations: well past 300 ms, while the planner's estimate stays under the cap.
    const slow = "select count(*) from bulk a, bulk b, bulk c where a.name || b.name || c.name like '%zz%'";
    expect(await refusal(tokens.a, slow)).toBe('查询超过0.3秒，已取消');
  });
});

describe('sqlEdit/splicingSql', () => {
  it('builds a join along the reference with conditions as parameters, and the SQL runs', async () => {
    const built = await t.call('POST', `${API}/sqlEdit/splicingSql`, tokens.a, {
      entities: ['purchase', 'customer'],
      fields: [{ column: 'customer.name' }, { column: 'purchase.title' }],
      conditions: [{ column: 'customer.name', op: 'like', value: "An'n" }],
      orders: [{ column: 'purchase.title', desc: true }],
    });
    expect(built.statusCode, built.body).toBe(200);
    const { sql, params } = built.json().data;
    expect(sql).toContain('JOIN "customer" ON "purchase"."customer_id" = "customer"."id"');
    expect(sql).not.toContain("An'n");
    expect(params).toEqual(["%An'n%"]);
    const ran = await run(tokens.a, sql, params);
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json().data.rows).toEqual([]);
    const ann = await run(tokens.a, sql, ['%Ann%']);
    expect(ann.json().data.rows).toEqual([{ name: 'Ann', title: 'First' }]);
  });

  it('refuses unknown entities and fields, and entities with no reference between them', async () => {
    const unknown = await t.call('POST', `${API}/sqlEdit/splicingSql`, tokens.a, {
      entities: ['customer'],
      fields: [{ column: 'customer.password' }],
    });
    expect(unknown.json().msg).toBe('字段不存在：customer.password');
    const other = await t.call('POST', `${API}/sqlEdit/splicingSql`, tokens.b, {
      entities: ['purchase'],
      fields: [{ column: 'purchase.title' }],
    });
    expect(other.json().msg).toContain('purchase');
  });
});
