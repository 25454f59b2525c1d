import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.ts';

/** The response envelope of every call except the OAuth token endpoint. */
export interface R<T> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), success: z.boolean(), msg: z.string(), data });
}

export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    records: z.array(row),
    total: z.number(),
    size: z.number(),
    current: z.number(),
    pages: z.number(),
  });
}

/** Query of every list call: current page (1-based), page size and the date range keys of SPEC §7. */
export const pageQuery = z.object({
  current: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  createTime_dategt: z.string().max(32).optional(),
  createTime_datelt: z.string().max(32).optional(),
  /** 'false' skips the total (as the origin's searchCount): for infinite scrolling and exports. */
  searchCount: z.enum(['true', 'false']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** 64-bit ids travel as decimal strings. */
export const idString = z.string().regex(/^[0-9]{1,19}$/, 'id');
/** `ids` of remove calls: a comma-joined list of ids. */
export const idList = z
  .string()
  .max(20_000)
  .regex(/^[0-9]{1,19}(,[0-9]{1,19})*$/, 'ids');

export const idQuery = z.strictObject({ id: idString });
export const idsBody = z.strictObject({ ids: idList });
