import type { Kdb } from '../../../db/index.ts';

/** The value of a tenant's live parameter (yuan_param), or undefined when the tenant has none under that key. */
export async function paramValue(db: Kdb, tenantId: string, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('yuan_param')
    .select('param_value')
    .where('tenant_id', '=', tenantId)
    .where('param_key', '=', key)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row?.param_value;
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
