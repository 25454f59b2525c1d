import { z } from 'zod';

/** A parameter bound to `$1…$n` of a query, in order. */
export const sqlParam = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]);
export const sqlParams = z.array(sqlParam).max(50);

/** sqlEdit/test: one SELECT over the tenant's entities, named by their codes. */
export const sqlTest = z.strictObject({
  sql: z.string().trim().min(1).max(20_000),
  params: sqlParams.optional(),
});
export type SqlTestInput = z.output<typeof sqlTest>;

/** `entity.field` as the visual builder names a column. */
const column = z.string().regex(/^[a-z][a-z0-9_]{0,62}\.[a-z][a-z0-9_]{0,62}$/, 'entity.field');

export const SQL_OPS = ['=', '!=', '>', '>=', '<', '<=', 'like', 'isNull', 'notNull'] as const;
export const SQL_AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;

/**
 * sqlEdit/splicingSql: the visual builder's choice. The first entity is the FROM; each further one is joined along a
 * reference between it and an entity before it. Values of conditions become parameters, never text.
 */
export const sqlSplice = z.strictObject({
  entities: z
    .array(z.string().regex(/^[a-z][a-z0-9_]{0,62}$/))
    .min(1)
    .max(8),
  fields: z
    .array(z.strictObject({ column, aggregate: z.enum(SQL_AGGREGATES).optional() }))
    .min(1)
    .max(100),
  conditions: z
    .array(
      z.strictObject({
        column,
        op: z.enum(SQL_OPS),
        value: z.union([z.string().max(4000), z.number()]).optional(),
      }),
    )
    .max(50)
    .optional(),
  orders: z
    .array(z.strictObject({ column, desc: z.boolean().optional() }))
    .max(10)
    .optional(),
  /** Left joins keep the rows of the entities before a join that have no match. */
  leftJoin: z.boolean().optional(),
});
export type SqlSpliceInput = z.output<typeof sqlSplice>;

export interface SqlResult {
  columns: string[];
  rows: Record<string, unknown>[];
  truncated: boolean;
  elapsedMs: number;
}
