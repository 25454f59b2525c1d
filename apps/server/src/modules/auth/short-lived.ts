import type { Insertable } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import type { DB } from '../../db/schema.ts';

/** How long a row stays past its expiry before an insert into its table clears it. */
const PURGE_AFTER_MS = 60 * 60_000;

/** Tables of rows that live minutes: pending third-party sign-ins, single sign-on codes, second sign-in steps. */
type ShortLivedTable = 'yuan_oauth_state' | 'yuan_sso_code' | 'yuan_mfa_challenge';

/**
 * Inserts a short-lived row, first clearing the table's rows expired more than an hour ago: each insert tidies up
 * after the abandoned ones, so no job is needed and the table holds about an hour of them.
 */
export async function insertShortLived<T extends ShortLivedTable>(
  db: Kdb,
  table: T,
  values: Insertable<DB[T]>,
) {
  // Read as the union: Kysely cannot resolve a column of a generic table name.
  await db
    .deleteFrom(table as ShortLivedTable)
    .where('expires_at', '<', new Date(Date.now() - PURGE_AFTER_MS))
    .execute();
  return db.insertInto(table).values(values).execute();
}
