import { type Element, entityResource, type Resource } from '@yuan/contract';
import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { recordingDb } from '../../../../test/recording-db.ts';
import { CrudRepo } from '../../../lib/crud/crud.repo.ts';
import { FENCE_MAX } from '../../../lib/crud/crud-reads.ts';
import { lowcodeModule } from '../index.ts';

// A contains-search in an order: the planner guesses the share of rows `ILIKE '%…%'` lets through from the column's
// histogram. When one of its values happens to match, it takes the search for broad and walks the order's index,
// reading every row to find the one that matches (decision 0058). The list reads the matches first.
const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule]);
const API = '/api/yuan-api';
const ROWS = 20_000;

const post = (url: string, body: unknown) => t.call('POST', `${API}${url}`, tokens.a, body);
const get = async (url: string) => (await t.call('GET', `${API}${url}`, tokens.a)).json().data;

describe('a contains-search with an order', () => {
  const tenantId = '000000';
  let entId = '';
  let table = '';
  let res: Resource;
  beforeAll(async () => {
    const defined = await post('/dtentity/saveOrUpdate', {
      entNo: 'product',
      entName: '产品',
      remark: '',
      elements: [
        { eleNo: 'name', eleName: '名称', dataTyp: 'string' },
        { eleNo: 'rank', eleName: '排名', dataTyp: 'int' },
      ],
    });
    entId = String(defined.json().data.id);
    expect(
      (await post('/dtentity/syncEntityDataBaseTable', { id: entId, apply: true })).json().data.applied,
    ).toBe(true);
    table = `yuan_ent_${entId}`;
    await sql`INSERT INTO ${sql.table(table)} (tenant_id, id, name, rank)
      SELECT ${tenantId}, 8000000000000 + n, 'row-' || n, n % 500 FROM generate_series(1, ${ROWS}::int) AS n`.execute(
      t.database.root,
    );
    // Under 30,000 rows ANALYZE reads them all: the histogram is the same every run.
    await sql`ANALYZE ${sql.table(table)}`.execute(t.database.root);
    const view = await get(`/dtentity/getDetail?id=${entId}`);
    res = entityResource({ ...view, id: entId, elements: view.dtElements as Element[] });
  });

  it('reads its page through the trigram index when the histogram makes the search look broad', async () => {
    const stats = await sql<{ bounds: string[] }>`
      SELECT histogram_bounds::text::text[] AS bounds FROM pg_stats WHERE tablename = ${table} AND attname = 'name'`.execute(
      t.database.root,
    );
    // A histogram value of five digits: its number is in no other row's (six digits would be past the last row).
    // One run of digits, so the index is asked for the term itself (decision 0059).
    const bound = (stats.rows[0]?.bounds ?? []).find((b) => Number(b.slice(4)) >= 10_000) ?? '';
    const term = bound.slice(4);
    expect(term).toMatch(/^\d{5}$/);

    // What the list answers: the one row, through the entity data API.
    const page = await get(
      `/dtentity/queryDataByFields?entId=${entId}&current=1&size=10&name=${term}&sort=rank`,
    );
    expect(page.records.map((r: { name: string }) => r.name)).toEqual([bound]);
    expect(page.total).toBe(1);

    // How it is read: the statement a page of this search sends, as the app's role under the tenant's policy.
    const planOf = async (matches: number | undefined) => {
      const { db, seen } = recordingDb(t.database.db);
      const repo = new CrudRepo(db, res, null, false);
      const query = { current: 1, size: 10, name: term, sort: 'rank' };
      await t.database.run({ tenantId }, () => repo.page(tenantId, query, undefined, matches));
      const sent = seen.at(-1) as CompiledQuery;
      const explained = await t.database.run({ tenantId }, () =>
        t.database.db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN ${sent.sql}`, [...sent.parameters]),
        ),
      );
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const search = `${table}_s`;
    const order = `${table}_o`;
    // Left to the planner (as past FENCE_MAX known matches): it walks the order's index, the trap this is about.
    const walked = await planOf(FENCE_MAX + 1);
    expect(walked).toContain(order);
    expect(walked).not.toContain(search);
    // With the matches not known yet, or known to be few: read through the trigram index, then ordered.
    for (const matches of [undefined, 1]) {
      const plan = await planOf(matches);
      expect(plan).toContain(search);
      expect(plan).not.toContain(order);
    }
  });

  it('asks the trigram index for the words of a term across words, and checks the whole term on what it finds', async () => {
    // 'ow-1234' is in row-1234 and row-12340 … row-12349; '1234' also in row-11234, row-1234x … (decision 0059).
    const truth = await sql<{ name: string }>`
      SELECT name FROM ${sql.table(table)} WHERE name ILIKE '%ow-1234%' ORDER BY rank, id DESC`.execute(
      t.database.root,
    );
    expect(truth.rows).toHaveLength(11);
    const page = await get(
      `/dtentity/queryDataByFields?entId=${entId}&current=1&size=20&name=ow-1234&sort=rank`,
    );
    expect(page.total).toBe(11);
    expect(page.records.map((r: { name: string }) => r.name)).toEqual(truth.rows.map((r) => r.name));

    const { db, seen } = recordingDb(t.database.db);
    const repo = new CrudRepo(db, res, null, false);
    await t.database.run({ tenantId }, () =>
      repo.page(tenantId, { current: 1, size: 20, name: 'ow-1234', sort: 'rank' }),
    );
    const sent = seen.at(-1) as CompiledQuery;
    const explained = await t.database.run({ tenantId }, () =>
      t.database.db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${sent.sql}`, [...sent.parameters]),
      ),
    );
    const plan = explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    const indexed = plan.split('\n').filter((line) => line.includes('Index Cond'));
    expect(indexed).toHaveLength(1);
    expect(indexed[0]).toContain("'%1234%'");
    expect(indexed[0]).not.toContain('ow-1234');
    expect(plan).toContain("|| ''::text) ~~* '%ow-1234%'");
  });

  it('answers the same pages read either way: in the asked order, ties newest first', async () => {
    // 'w-1' is in 11,111 of the rows, ranks repeat every 500 rows: page 3 in descending rank, by id within a rank.
    const query = { current: 3, size: 10, name: 'w-1', sort: '-rank' };
    const truth = await sql<{ name: string }>`
      SELECT name FROM ${sql.table(table)} WHERE name ILIKE '%w-1%' ORDER BY rank DESC, id DESC LIMIT 10 OFFSET 20`.execute(
      t.database.root,
    );
    expect(truth.rows).toHaveLength(10);
    const repo = new CrudRepo(t.database.db, res, null, false);
    for (const matches of [undefined, FENCE_MAX + 1]) {
      const rows = await t.database.run({ tenantId }, () => repo.page(tenantId, query, undefined, matches));
      expect(rows.map((r) => r.name)).toEqual(truth.rows.map((r) => r.name));
    }
    // Through the API: the first call counts as it reads (fenced), the second knows the count (past FENCE_MAX).
    const url = `/dtentity/queryDataByFields?entId=${entId}&current=3&size=10&name=w-1&sort=-rank`;
    for (const _ of [1, 2]) {
      const page = await get(url);
      expect(page.total).toBe(11_111);
      expect(page.records.map((r: { name: string }) => r.name)).toEqual(truth.rows.map((r) => r.name));
    }
  });
});
