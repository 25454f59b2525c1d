import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';

/** Whether PostgreSQL knows the zone by that name (pg_timezone_names). */
export async function databaseKnowsZone(db: Kysely<DB>, zone: string): Promise<boolean> {
  const r = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM pg_timezone_names WHERE name = ${zone}`.execute(db);
  return (r.rows[0]?.n ?? 0) > 0;
}
