import { sql } from 'kysely';
import type { Database } from '../db/index.ts';
import { withoutStatementTimeout } from '../db/scope.ts';

/**
 * Deletes the rows of `tables` older than their tenant's retention parameter `param` (whole days, default
 * `defaultDays`), across tenants, in one statement per table. Returns the rows removed. A first run after a long
 * pause deletes months of rows: it runs without the request statement timeout.
 */
export function pruneByTenantDays(
  database: Database,
  tables: readonly string[],
  param: string,
  defaultDays: number,
): Promise<number> {
  return database.run({ allTenants: true }, () =>
    withoutStatementTimeout(async () => {
      let removed = 0;
      for (const table of tables) {
        // A retention per row's tenant, read from its parameter with a text check.
        const r = await sql`DELETE FROM ${sql.table(table)} l
          WHERE l.create_time < now() - make_interval(days => COALESCE(
            (SELECT CASE WHEN p.param_value ~ '^[0-9]{1,5}$' THEN p.param_value::int END FROM yuan_param p
             WHERE p.tenant_id = l.tenant_id AND p.param_key = ${param} AND p.is_deleted = 0 LIMIT 1),
            ${defaultDays}::int))`.execute(database.db);
        removed += Number(r.numAffectedRows ?? 0);
      }
      return removed;
    }),
  );
}
