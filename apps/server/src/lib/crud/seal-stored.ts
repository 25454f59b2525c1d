import { dynamicTables } from '../../db/dynamic.ts';
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
    // The same two statements over three tables: their names come from the list above.
    const db = dynamicTables(database.db);
    let sealed = 0;
    for (const { table, column } of SEALED_COLUMNS) {
      const rows = await db
        .selectFrom(table)
        .select(['id', `${column} as v`])
        .where(column, '<>', '')
        .where(column, 'not like', 'enc:v1:%')
        .execute();
      for (const row of rows) {
        const v = String(row.v);
        if (SecretBox.isSealed(v)) {
          continue;
        }
        await db
          .updateTable(table)
          .set({ [column]: box.seal(v) })
          .where('id', '=', row.id)
          .where(column, '=', v)
          .execute();
        sealed += 1;
      }
    }
    return sealed;
  });
}
