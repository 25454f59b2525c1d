import { type Kysely, sql } from 'kysely';

const known = new WeakMap<Kysely<never>, Promise<number>>();

/** The PostgreSQL server's version number (e.g. 180004), asked once per handle: features differ by version. */
export function serverVersion<D>(db: Kysely<D>): Promise<number> {
  const key = db as unknown as Kysely<never>;
  let version = known.get(key);
  if (!version) {
    version = sql<{ v: number }>`SELECT current_setting('server_version_num')::int AS v`
      .execute(db)
      .then((r) => r.rows[0]?.v ?? 0);
    // A failed look-up is asked again next time.
    version.catch(() => known.delete(key));
    known.set(key, version);
  }
  return version;
}

/** `RETURNING old.*` (PostgreSQL 18): an update answers the values it replaced. */
export const RETURNING_OLD_SINCE = 180000;
