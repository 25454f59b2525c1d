import { sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';

/** The value of a tenant's live parameter (yuan_param), or undefined when the tenant has none under that key. */
export async function paramValue(db: Kdb, tenantId: string, key: string): Promise<string | undefined> {
  const r = await sql<{ v: string }>`SELECT param_value AS v FROM yuan_param
    WHERE tenant_id = ${tenantId} AND param_key = ${key} AND is_deleted = 0`.execute(db);
  return r.rows[0]?.v;
}

/** A tenant's live parameter row under a key (id and value), if any. */
export function paramRow(db: Kdb, tenantId: string, key: string) {
  return db
    .selectFrom('yuan_param')
    .select(['id', 'param_value'])
    .where('tenant_id', '=', tenantId)
    .where('param_key', '=', key)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}
