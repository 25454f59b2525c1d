import type { Resource } from '@yuan/contract';
import type { Kysely } from 'kysely';
import type { Kdb } from './index.ts';
import type { DB } from './schema.ts';

/** A row of a table named at run time: column → value. */
export type DynamicRow = Record<string, unknown>;

/** Tables named at run time, each of unknown shape. */
export type DynamicDB = Record<string, DynamicRow>;

/**
 * `db` over tables named at run time: the generic resources' tables (a system table or a tenant's entity table,
 * yuan_ent_*, created from its definition), whose table and column names come from the contract's resource
 * definitions, never from a request. The one place the typed database is seen untyped.
 */
export function dynamicTables(db: Kdb): Kysely<DynamicDB> {
  return db as unknown as Kysely<DynamicDB>;
}

/**
 * A resource's table, when it is one of `tables` (tables of one shape, queried typed); a resource wired to a
 * table outside them is a programming error, thrown when the server is put together.
 */
export function tableOf<T extends keyof DB>(res: Resource, tables: readonly T[]): T {
  const table = tables.find((t) => t === res.table);
  if (!table) {
    throw new Error(`${res.name}: table ${res.table} is not one of ${tables.join(', ')}`);
  }
  return table;
}
