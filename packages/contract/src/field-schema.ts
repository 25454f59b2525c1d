import { z } from 'zod';
import { joinIds } from './envelope.ts';
import { encodeMessage, registerMessage } from './form-messages.ts';
import type { FieldSpec } from './resource.ts';

/** The default longest value of a string field and of a text field (SPEC §5), unless the field says `max`. */
export const STRING_MAX = 255;
export const TEXT_MAX = 20_000;
/** The bounds of an int field without its own `min`/`max`: what an int4 column holds. */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;
/** A JSON value, written out, may take this many characters. */
export const JSON_MAX = 65_536;
export const DATETIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?(\.\d{1,6})?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Up to 20 digits before the point and 10 after: what a numeric(30,10) column keeps exactly. */
export const DECIMAL = /^-?\d{1,20}(\.\d{1,10})?$/;

/**
 * The message key of a field's label: a zh/en pair is registered under `owner.name`; a single text (a tenant's own
 * field name) is the label itself, shown as written in both languages.
 */
export function labelOf(owner: string, name: string, f: Pick<FieldSpec, 'label'>): string {
  return typeof f.label === 'string' ? f.label : registerMessage(`${owner}.${name}`, f.label);
}

function messages(owner: string, name: string, f: FieldSpec) {
  const label = labelOf(owner, name, f);
  const required =
    f.required === undefined || f.required === true
      ? encodeMessage('form.required', { label })
      : encodeMessage(registerMessage(`${owner}.${name}.required`, f.required));
  const type = encodeMessage('form.type', { label });
  return { label, required, type };
}

type Messages = ReturnType<typeof messages>;

/** A string schema whose missing value says "required" and whose wrong type says "wrong type". */
const stringOf = (m: Messages) =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? m.required : m.type) });

/** Optional fields accept null, absence and (for the string-shaped kinds) ''. */
function optional(base: z.ZodType, f: FieldSpec, empty: boolean): z.ZodType {
  if (f.required) {
    return base;
  }
  return (empty ? z.union([base, z.literal('')]) : base).optional().nullable();
}

function dateSchema(f: FieldSpec, m: Messages): z.ZodType {
  const shape = f.kind === 'date' ? DATE : DATETIME;
  const base = stringOf(m)
    .regex(shape, m.type)
    .refine((v) => !Number.isNaN(Date.parse(v.replace(' ', 'T'))), m.type);
  return optional(base, f, true);
}

function idSchema(f: FieldSpec, m: Messages): z.ZodType {
  const pattern = f.kind === 'id' ? /^[0-9]{1,19}$/ : /^([0-9]{1,19})(,[0-9]{1,19})*$/;
  const base = stringOf(m).max(f.kind === 'id' ? 19 : 20_000, m.type);
  const checked = f.required
    ? base.min(1, m.required).regex(pattern, m.type)
    : base.regex(new RegExp(`^$|${pattern.source}`), m.type);
  // A list of ids may also come as a JSON array, as the origin's client sends it.
  const accepted = f.kind === 'ids' ? z.preprocess(joinIds, checked) : checked;
  return f.required ? accepted : accepted.optional().nullable();
}

function intSchema(f: FieldSpec, m: Messages): z.ZodType {
  const min = f.min ?? INT_MIN;
  const max = f.max ?? INT_MAX;
  const range = encodeMessage('form.range', { label: m.label, min, max });
  const num = z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined || iss.input === null ? m.required : m.type) })
      .int(m.type)
      .min(min, range)
      .max(max, range),
  );
  return f.required ? num : num.optional().nullable();
}

/** Decimals travel as strings so no digit is lost; a JSON number is accepted and written out. */
function decimalSchema(f: FieldSpec, m: Messages): z.ZodType {
  const range = encodeMessage('form.range', { label: m.label, min: f.min ?? '-∞', max: f.max ?? '∞' });
  const base = z
    .preprocess(
      (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
      stringOf(m).trim().regex(DECIMAL, m.type),
    )
    .refine(
      (v) => (f.min === undefined || Number(v) >= f.min) && (f.max === undefined || Number(v) <= f.max),
      range,
    );
  return optional(base, f, true);
}

function boolSchema(f: FieldSpec, m: Messages): z.ZodType {
  const words: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };
  const base = z.preprocess(
    (v) =>
      typeof v === 'number' && (v === 0 || v === 1)
        ? v === 1
        : typeof v === 'string' && v in words
          ? words[v]
          : v,
    z.boolean({ error: (iss) => (iss.input === undefined || iss.input === null ? m.required : m.type) }),
  );
  return f.required ? base : base.optional().nullable();
}

function jsonSchema(f: FieldSpec, m: Messages): z.ZodType {
  const tooLong = encodeMessage('form.tooLong', { label: m.label, max: JSON_MAX });
  const base = z
    .json({ error: (iss) => (iss.input === undefined ? m.required : m.type) })
    .refine((v) => JSON.stringify(v).length <= JSON_MAX, tooLong);
  return f.required ? base.refine((v) => v !== null, m.required) : base.optional();
}

function textSchema(f: FieldSpec, m: Messages): z.ZodType {
  const max = f.max ?? (f.kind === 'text' ? TEXT_MAX : STRING_MAX);
  const min = f.minLength ?? 0;
  const text = stringOf(m).max(max, encodeMessage('form.tooLong', { label: m.label, max }));
  const patternMsg = encodeMessage('form.pattern', { label: m.label });
  const pattern = f.pattern === undefined ? undefined : new RegExp(f.pattern);
  const lengthMsg = encodeMessage('form.length', { label: m.label, min, max });
  if (f.required) {
    const filled = text.trim().min(1, m.required).min(min, lengthMsg);
    return pattern ? filled.regex(pattern, patternMsg) : filled;
  }
  // An optional field may stay empty; anything typed must match.
  const base = text
    .refine((v) => v === '' || v.length >= min, lengthMsg)
    .refine((v) => v === '' || pattern === undefined || pattern.test(v), patternMsg);
  return base.optional().nullable();
}

/** The schema of one field's submitted value, with the messages of SPEC §5 naming the field. */
export function fieldSchema(owner: string, name: string, f: FieldSpec): z.ZodType {
  const m = messages(owner, name, f);
  switch (f.kind) {
    case 'date':
    case 'datetime':
      return dateSchema(f, m);
    case 'id':
    case 'ids':
      return idSchema(f, m);
    case 'int':
      return intSchema(f, m);
    case 'decimal':
      return decimalSchema(f, m);
    case 'bool':
      return boolSchema(f, m);
    case 'json':
      return jsonSchema(f, m);
    default:
      return textSchema(f, m);
  }
}

const SEARCH_SHAPES: Partial<Record<FieldSpec['kind'], RegExp>> = {
  int: /^-?\d{1,10}$/,
  decimal: DECIMAL,
  bool: /^(true|false|1|0)$/,
  date: DATE,
  datetime: DATETIME,
  id: /^\d{1,19}$/,
  ids: /^\d{1,19}$/,
};

/** Kinds a list may filter by a range (`<name>_gt` / `<name>_lt`, both inclusive). */
export const RANGE_KINDS: ReadonlySet<FieldSpec['kind']> = new Set(['int', 'decimal', 'date', 'datetime']);

/** The query-string value of a list filter on one field: text for a substring search, else the field's shape. */
export function searchSchema(owner: string, name: string, f: FieldSpec): z.ZodType {
  const shape = f.search === 'like' ? undefined : SEARCH_SHAPES[f.kind];
  const text = z.string().max(f.kind === 'text' ? STRING_MAX : (f.max ?? STRING_MAX));
  if (!shape) {
    return text.optional();
  }
  const type = encodeMessage('form.type', { label: labelOf(owner, name, f) });
  return z.union([z.literal(''), z.string().max(64).regex(shape, type)]).optional();
}
