/**
 * The stack's own limit: plain Fastify and the same database driver serving the same reads of the same table with
 * the same SQL shape as the app, and nothing else (no token, tenancy, RLS, envelope, validation or logging).
 * RAW_PORT, DATABASE_URL (node-postgres pool of 10, as the app) or RAW_PGLITE_DIR (PGlite, one connection).
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

async function connect(): Promise<Query> {
  const url = process.env.DATABASE_URL;
  if (url) {
    pg.types.setTypeParser(20, (v: string) => v);
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return async (text, params) => (await pool.query(text, params)).rows;
  }
  const dir = process.env.RAW_PGLITE_DIR;
  if (!dir) {
    throw new Error('DATABASE_URL or RAW_PGLITE_DIR');
  }
  const db = await PGlite.create(dir, { parsers: { 20: (v: string) => v } });
  return async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
}

const COLUMNS = `id, tenant_id AS "tenantId", param_name AS "paramName", param_key AS "paramKey",
  param_value AS "paramValue", remark, status, create_user AS "createUser", create_dept AS "createDept",
  create_time AS "createTime", update_user AS "updateUser", update_time AS "updateTime"`;

const query = await connect();
const app = Fastify({ logger: false });
const str = (v: unknown) => (typeof v === 'string' ? v : '');

app.get('/raw/floor', async (request) => {
  const q = request.query as Record<string, unknown>;
  const rows = await query(
    'SELECT id, tenant_id, account, name, real_name, role_id, dept_id FROM yuan_user WHERE tenant_id = $1 AND id = $2',
    [str(q.t), str(q.u)],
  );
  return rows[0] ?? null;
});

// The app's list SQL: page 1 reads the rows at once; deeper pages walk the (tenant_id, id) index for the keys, then
// read the page's rows by key (a deferred join).
app.get('/raw/list', async (request) => {
  const q = request.query as Record<string, unknown>;
  const size = Number(q.size ?? 10);
  const offset = (Number(q.current ?? 1) - 1) * size;
  const live = 'FROM yuan_param WHERE is_deleted = 0 AND tenant_id = $1';
  if (offset === 0) {
    return query(`SELECT ${COLUMNS} ${live} ORDER BY id DESC LIMIT $2`, [str(q.t), size]);
  }
  const keys = await query(`SELECT id ${live} ORDER BY id DESC LIMIT $2 OFFSET $3`, [str(q.t), size, offset]);
  return query(`SELECT ${COLUMNS} ${live} AND id = ANY($2::bigint[]) ORDER BY id DESC`, [
    str(q.t),
    keys.map((k) => k.id),
  ]);
});

app.get('/raw/detail', async (request) => {
  const q = request.query as Record<string, unknown>;
  const rows = await query(
    `SELECT ${COLUMNS} FROM yuan_param WHERE is_deleted = 0 AND tenant_id = $1 AND id = $2`,
    [str(q.t), str(q.id)],
  );
  return rows[0] ?? null;
});

app.get('/raw/health', async () => ({ up: true }));

await app.listen({ port: Number(process.env.RAW_PORT ?? 18_090), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
