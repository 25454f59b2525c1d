/**
 * The raw twin of the entity scenarios (bench/entity.ts): the app's SQL shape on the entity's own table, one query
 * per request, nothing else. `e` is the entity id (the table is yuan_ent_<e>), `t` the tenant.
 */
import type { FastifyInstance } from 'fastify';

type Rows = Record<string, unknown>[];
type Query = (text: string, params: unknown[]) => Promise<Rows>;

const COLUMNS = `id, tenant_id AS "tenantId", status, create_user AS "createUser", create_dept AS "createDept",
  create_time AS "createTime", update_user AS "updateUser", update_time AS "updateTime", title, qty, price, active,
  due, happened, notes, code`;
const FIELDS = ['title', 'qty', 'price', 'active', 'due', 'happened', 'notes', 'code'] as const;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
let sequence = 0n;
/** Increasing ids, as the app's snowflake ids are. */
const nextId = () => String(BigInt(Date.now()) * 100_000n + (sequence++ % 100_000n));

function tableOf(q: Record<string, unknown>): string {
  const id = str(q.e);
  if (!/^\d{1,19}$/.test(id)) {
    throw new Error('entity');
  }
  return `yuan_ent_${id}`;
}

export function rawEntityRoutes(app: FastifyInstance, query: Query): void {
  app.get('/raw/entity', async (request) => {
    const q = request.query as Record<string, unknown>;
    const live = `FROM ${tableOf(q)} WHERE is_deleted = 0 AND tenant_id = $1`;
    switch (q.op) {
      case 'list':
        return query(`SELECT ${COLUMNS} ${live} ORDER BY id DESC LIMIT 10`, [str(q.t)]);
      case 'search':
        return query(`SELECT ${COLUMNS} ${live} AND title ILIKE $2 ORDER BY qty ASC, id DESC LIMIT 10`, [
          str(q.t),
          `%${str(q.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
        ]);
      default:
        return (await query(`SELECT ${COLUMNS} ${live} AND id = $2`, [str(q.t), str(q.id)]))[0] ?? null;
    }
  });

  app.post('/raw/entity', async (request) => {
    const q = request.query as Record<string, unknown>;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const table = tableOf(q);
    const fields = FIELDS.filter((f) => body[f] !== undefined);
    const values = fields.map((f) => body[f]);
    if (q.op === 'create') {
      const columns = ['tenant_id', 'id', ...fields, 'create_time', 'update_time'];
      const marks = columns.map((_, i) => `$${i + 1}`).join(', ');
      const rows = await query(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${marks}) RETURNING ${COLUMNS}`,
        [str(q.t), nextId(), ...values, new Date(), new Date()],
      );
      return rows[0];
    }
    const sets = [...fields, 'update_time'].map((f, i) => `${f} = $${i + 3}`).join(', ');
    const rows = await query(
      `UPDATE ${table} SET ${sets} WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0 RETURNING ${COLUMNS}`,
      [str(q.t), str(q.id), ...values, new Date()],
    );
    return rows[0] ?? null;
  });
}
