/**
 * The raw twin of the entity scenarios (bench/entity.ts): the app's SQL shape on the entity's own table, one query
 * per request, nothing else. `e` is the entity id (the table is yuan_ent_<e>), `t` the tenant.
 */
import type { FastifyInstance } from 'fastify';
import { containing, searchParts } from '../apps/server/src/lib/like.ts';

type Rows = Record<string, unknown>[];
type Query = (text: string, params: unknown[], name?: string) => Promise<Rows>;

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

/** A field's value as a revision keeps it (decimals as exact text), as the app's revisions do. */
const kept = (column: string, alias: string, field: string) =>
  field === 'price' ? `to_jsonb(${alias}.${column}::text)` : `to_jsonb(${alias}.${column})`;

/**
 * The app's changes expression (lib/crud/revisions.ts `changesSql`) over `w`, the values before as `w.<prefix><f>`:
 * one array with a place per field (null where it did not change), and whether any field changed.
 */
function changes(fields: readonly string[], before: string | null): { changes: string; changed: string } {
  const conditions: string[] = [];
  const items = fields.map((f) => {
    const was = `w.${before}${f}`;
    const changed = before ? `${was} IS DISTINCT FROM w.${f}` : `w.${f} IS NOT NULL`;
    conditions.push(changed);
    const kept0 = before ? kept(`${before}${f}`, 'w', f) : 'NULL::jsonb';
    return `CASE WHEN ${changed} THEN jsonb_build_object('field', '${f}'::text, 'before', ${kept0}, 'after', ${kept(f, 'w', f)}) END`;
  });
  return { changes: `jsonb_build_array(${items.join(', ')})`, changed: `(${conditions.join(' OR ')})` };
}

/** The app's revision CTEs `r` and `o` (lib/crud/revisions.ts `revisionCtes`); the author's values from `$at` on. */
function revisionCtes(
  action: string,
  resource: string,
  at: number,
  changed: { changes: string; changed: string },
  from: string,
): string {
  return `r AS (INSERT INTO yuan_revision (tenant_id, resource, row_id, action, user_id, user_name, request_id, changes)
    SELECT $${at}::text, '${resource}'::text, x.id, '${action}'::text, $${at + 1}::bigint, $${at + 2}::text,
      $${at + 3}::text, x.changes
    FROM (SELECT w.id, ${changed.changes} AS changes, ${changed.changed} AS changed FROM ${from}) AS x ${action === 'update' ? 'WHERE x.changed' : ''}
    RETURNING id, tenant_id, resource, action), o AS (INSERT INTO yuan_trigger_event (revision_id, tenant_id)
    SELECT r.id, r.tenant_id FROM r WHERE EXISTS (SELECT 1 FROM yuan_trigger t WHERE t.tenant_id = r.tenant_id
      AND t.resource = r.resource AND t.is_deleted = 0 AND t.enabled AND r.action = ANY (t.events)))`;
}

/** Who the twin's revised writes name: a fixed author, a request id per call. */
let calls = 0;
const author = (tenantId: string) => [tenantId, '1', 'bench', `raw-${++calls}`];

export function rawEntityRoutes(app: FastifyInstance, query: Query): void {
  app.get('/raw/entity', async (request) => {
    const q = request.query as Record<string, unknown>;
    const live = `FROM ${tableOf(q)} WHERE is_deleted = 0 AND tenant_id = $1`;
    switch (q.op) {
      case 'list':
        return query(`SELECT ${COLUMNS} ${live} ORDER BY id DESC LIMIT 10`, [str(q.t)]);
      case 'search': {
        // The app's statement: the matches read first, then ordered (decision 0058); the index asked for the term's
        // words, the whole term checked on what it finds (decision 0059).
        const parts = searchParts(str(q.q));
        const matched = parts.length
          ? `${parts.map((_, i) => `title ILIKE $${i + 3}`).join(' AND ')} AND (title || '') ILIKE $2`
          : 'title ILIKE $2';
        return query(
          `SELECT * FROM (SELECT ${COLUMNS} ${live} AND ${matched} OFFSET 0) m ORDER BY qty ASC, id DESC LIMIT 10`,
          [str(q.t), containing(str(q.q)), ...parts],
        );
      }
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
    // `rev=1`: the write with its revision in the same statement, as the app writes every change; `rev=0` the
    // write alone. Either one as a prepared statement, as the app's writes are.
    const revised = q.rev === '1';
    // Within PostgreSQL's 63 characters: the fields by their initials (the benchmark's field sets differ in them).
    const name = (kind: string) =>
      `raw_${kind}${revised ? 1 : 0}_${table}_${fields.map((f) => f.slice(0, 2)).join('')}`;
    const resource = `ent_${str(q.e)}`;
    if (q.op === 'create') {
      const columns = ['tenant_id', 'id', ...fields, 'create_time', 'update_time'];
      const marks = columns.map((_, i) => `$${i + 1}`).join(', ');
      const insert = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${marks})`;
      const params = [str(q.t), nextId(), ...values, new Date(), new Date()];
      const text = revised
        ? `WITH w AS (${insert} RETURNING *), ${revisionCtes('create', resource, params.length + 1, changes(fields, null), 'w')}
           SELECT ${COLUMNS} FROM w`
        : `${insert} RETURNING ${COLUMNS}`;
      const rows = await query(text, revised ? [...params, ...author(str(q.t))] : params, name('c'));
      return rows[0];
    }
    const sets = [...fields, 'update_time'].map((f, i) => `${f} = $${i + 3}`).join(', ');
    const params = [str(q.t), str(q.id), ...values, new Date()];
    const text = revised
      ? // As the app on PostgreSQL 18: the update answers the values it replaced (lib/crud/crud.repo.ts).
        `WITH w AS (UPDATE ${table} SET ${sets} WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0
           RETURNING new.*, ${fields.map((f) => `old.${f} AS __b_${f}`).join(', ')}),
         ${revisionCtes('update', resource, params.length + 1, changes(fields, '__b_'), 'w')}
         SELECT ${COLUMNS} FROM w`
      : `UPDATE ${table} SET ${sets} WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0 RETURNING ${COLUMNS}`;
    const rows = await query(text, revised ? [...params, ...author(str(q.t))] : params, name('u'));
    return rows[0] ?? null;
  });
}
