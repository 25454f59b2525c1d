import type { Kysely } from 'kysely';
import { generate, PostgresDialect } from 'kysely-codegen';
import type { DB } from './schema.ts';

/** Where the generated table types live; schema.ts re-exports them. */
export const GENERATED_SCHEMA = new URL('./schema/generated.ts', import.meta.url).pathname;

/**
 * How columns are typed. jsonb is written as JSON text (the repos stringify) and read parsed, so its write side is
 * a string; the columns whose parsed shape the code relies on say it here.
 */
const JSONB = 'ColumnType<unknown, string, string>';
const TYPE_MAPPING: Record<string, string> = { jsonb: JSONB };
const COLUMN_OVERRIDES: Record<string, string> = {
  'yuan_dt_entity.elements': 'Generated<ColumnType<unknown[], string, string>>',
  'yuan_dt_entity.synced': 'ColumnType<unknown[] | null, string | null, string | null>',
  'yuan_dt_version.diff': 'Generated<ColumnType<unknown[], string, string>>',
  'yuan_erd_layout.positions':
    'Generated<ColumnType<Record<string, { x: number; y: number }>, string, string>>',
};

/**
 * The Kysely table types of every table in `db`'s public schema, as the text of a TypeScript file. The tenants'
 * entity tables (yuan_ent_*) are created at run time and stay untyped; yuan_migration is the migrator's own.
 */
export async function generateSchema(db: Kysely<DB>): Promise<string> {
  return generate({
    db,
    dialect: new PostgresDialect(),
    // The job queue's schema (`jobs`) is pg-boss's own and never queried through Kysely.
    includePattern: 'public.*',
    excludePattern: '{yuan_ent_*,yuan_migration}',
    typeMapping: TYPE_MAPPING,
    overrides: { columns: COLUMN_OVERRIDES },
    print: false,
    outFile: null,
    logger: undefined,
  });
}
