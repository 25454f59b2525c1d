/**
 * The database's table types, generated from the migrated database (`npm run db:types`); db/schema-codegen.test.ts
 * fails when the migrations and this file part.
 */
export type * from './schema/generated.ts';

/** bigint ids are read as decimal strings and may be written as strings. */
export type Id = string;
