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
const ID_LIST = '[0-9]{1,19}(,[0-9]{1,19})*';
const ONE_ID = /^[0-9]{1,19}$/;
/** Digits of one id in an array of ids: a decimal string, or a JSON number small enough to be exact. */
function idText(v: unknown): string {
  if (typeof v === 'number') {
    return Number.isSafeInteger(v) && v >= 0 ? String(v) : 'x';
  }
  return typeof v === 'string' && ONE_ID.test(v.trim()) ? v.trim() : 'x';
}

/**
 * Clients send id lists as a comma-joined string (`"1,2"`), a JSON array of strings or numbers (`["1", 2]`) or a
 * repeated query parameter (`ids=1&ids=2`); all become the comma-joined form, so one limit applies to each.
 */
export function joinIds(v: unknown): unknown {
  return Array.isArray(v) ? v.map(idText).join(',') : v;
}

const idsMessage = 'expected ids: digits, comma-joined or an array';
/** An id list with at least one id (see joinIds for the accepted forms). */
export const idList = z.preprocess(
  joinIds,
  z
    .string()
    .max(20_000, idsMessage)
    .regex(new RegExp(`^${ID_LIST}$`), idsMessage),
);
/** An id list that may be empty (`""` or `[]`). */
export const idListOrEmpty = z.preprocess(
  joinIds,
  z
    .string()
    .max(20_000, idsMessage)
    .regex(new RegExp(`^(${ID_LIST})?$`), idsMessage),
);

export const idQuery = z.strictObject({ id: idString });
export const idsBody = z.strictObject({ ids: idList });
