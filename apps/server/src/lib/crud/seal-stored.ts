import { sql } from 'kysely';
import type { Database } from '../../db/index.ts';
import { SecretBox } from '../secret-box.ts';

/** Every stored third-party secret: the tables and columns `sealedFields` encrypts on write. */
const SEALED_COLUMNS = [
  { table: 'yuan_oss', column: 'secret_key' },
  { table: 'yuan_sms', column: 'secret_key' },
  { table: 'yuan_datasource', column: 'password' },
] as const;

/**
 * Encrypts the secrets stored before encryption existed (run once at start; a no-op afterwards). Returns how many
 * values it sealed.
 */
export async function sealStoredSecrets(database: Database, box: SecretBox): Promise<number> {
  return database.run({ allTenants: true }, async () => {
    let sealed = 0;
    for (const { table, column } of SEALED_COLUMNS) {
      const rows = await sql<{ id: string; v: string }>`
        SELECT id, ${sql.ref(column)} AS v FROM ${sql.table(table)}
        WHERE ${sql.ref(column)} <> '' AND ${sql.ref(column)} NOT LIKE 'enc:v1:%'`.execute(database.db);
      for (const row of rows.rows) {
        if (SecretBox.isSealed(row.v)) {
          continue;
        }
        await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${box.seal(row.v)}
          WHERE id = ${row.id} AND ${sql.ref(column)} = ${row.v}`.execute(database.db);
        sealed += 1;
      }
    }
    return sealed;
  });
}
