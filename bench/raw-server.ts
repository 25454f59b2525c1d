/**
 * The stack's own limit: plain Fastify and the same database driver serving the same reads of the same table with
 * the same SQL shape as the app, and nothing else (no token, tenancy, RLS, envelope, validation or logging).
 * Under /raw/tenancy/ the same reads run as the app runs every call: one transaction as the app role with the
 * tenant settings that row-level security reads, so what the rule costs on the bare stack is measured apart.
 * RAW_PORT, DATABASE_URL (node-postgres pool of 10, as the app).
 */
import Fastify from 'fastify';
import pg from 'pg';
import { SESSION_OPTIONS } from '../apps/server/src/db/pg-session.ts';
import { rawEntityRoutes } from './raw-entity.ts';

type Rows = Record<string, unknown>[];
/** A query; with a name, a prepared statement of the connection (parsed and planned once, as the app's writes). */
type Query = (text: string, params: unknown[], name?: string) => Promise<Rows>;
interface Driver {
  query: Query;
  /** Runs `fn` in one transaction with the tenant set, as the app's scope does (BEGIN + settings, fn, COMMIT). */
  inTenant<T>(tenantId: string, fn: (query: Query) => Promise<T>): Promise<T>;
}

const TENANT = /^[0-9A-Za-z]{0,12}$/;
const settings = (tenantId: string) => {
  if (!TENANT.test(tenantId)) {
    throw new Error('tenant');
  }
  return `SELECT set_config('app.tenant_id', '${tenantId}', true), set_config('app.all_tenants', 'off', true), set_config('role', 'yuan_app', true)`;
};

function connect(): Driver {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error('DATABASE_URL');
  }
  pg.types.setTypeParser(20, (v: string) => v);
  // The app's session defaults (a 256 kB trigram pending list, decision 0052): the twin's writes then merge the
  // lists they fill, as the app's do, instead of leaving them to the app's next write.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: SESSION_OPTIONS });
  return {
    query: async (text, params, name) =>
      (await pool.query(name ? { name, text, values: params } : { text, values: params })).rows,
    inTenant: async (tenantId, fn) => {
      const client = await pool.connect();
      try {
        await client.query(`BEGIN; ${settings(tenantId)}`);
        const value = await fn(async (text, params) => (await client.query(text, params)).rows);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

const COLUMNS = `id, tenant_id AS "tenantId", param_name AS "paramName", param_key AS "paramKey",
  param_value AS "paramValue", remark, status, create_user AS "createUser", create_dept AS "createDept",
  create_time AS "createTime", update_user AS "updateUser", update_time AS "updateTime"`;

const driver = connect();
const app = Fastify({ logger: false });
const str = (v: unknown) => (typeof v === 'string' ? v : '');
type Read = (q: Record<string, unknown>, query: Query) => Promise<unknown>;

const floor: Read = async (q, query) => {
  const rows = await query(
    'SELECT id, tenant_id, account, name, real_name, role_id, dept_id FROM yuan_user WHERE tenant_id = $1 AND id = $2',
    [str(q.t), str(q.u)],
  );
  return rows[0] ?? null;
};

// The app's list SQL: page 1 reads the rows at once; deeper pages walk the (tenant_id, id) index for the keys, then
// read the page's rows by key (a deferred join).
const list: Read = async (q, query) => {
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
};

const detail: Read = async (q, query) => {
  const rows = await query(
    `SELECT ${COLUMNS} FROM yuan_param WHERE is_deleted = 0 AND tenant_id = $1 AND id = $2`,
    [str(q.t), str(q.id)],
  );
  return rows[0] ?? null;
};

for (const [name, read] of Object.entries({ floor, list, detail })) {
  app.get(`/raw/${name}`, async (request) => read(request.query as Record<string, unknown>, driver.query));
  app.get(`/raw/tenancy/${name}`, async (request) => {
    const q = request.query as Record<string, unknown>;
    return driver.inTenant(str(q.t), (query) => read(q, query));
  });
}

rawEntityRoutes(app, driver.query);

app.get('/raw/health', async () => ({ up: true }));

await app.listen({ port: Number(process.env.RAW_PORT ?? 18_090), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
