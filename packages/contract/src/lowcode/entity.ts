import { z } from 'zod';
import { idString } from '../envelope.ts';
import { encodeMessage, registerMessage } from '../form-messages.ts';
import { defineResource, type FieldKind, type FieldSpec, MANAGED_KEYS } from '../resource.ts';

/** The data types of an element (SPEC §3). */
export const DATA_TYPES = ['string', 'text', 'int', 'decimal', 'bool', 'date', 'datetime', 'json'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** Entity and element codes become table and column names: lower-case identifiers PostgreSQL never quotes. */
export const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;

/** Columns every entity table has (and PostgreSQL's system columns): no element may take their names. */
export const STANDARD_COLUMNS = [
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
  'oid',
  'ctid',
  'xmin',
  'xmax',
  'cmin',
  'cmax',
  'tableoid',
];

/** PostgreSQL's reserved key words (and those that cannot name a column or table unquoted). */
const RESERVED = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation
  column concurrently constraint create cross current_catalog current_date current_role current_schema current_time
  current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze
  from full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit
  localtime localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references
  returning right select session_user similar some symmetric system_user table tablesample then to trailing true
  union unique user using variadic verbose when where window with`.split(/\s+/),
);

/** Why a code cannot name a table or column, as an encoded message; undefined when it can. */
export function identifierProblem(label: string, value: string): string | undefined {
  if (!IDENTIFIER.test(value)) {
    return encodeMessage('lowcode.identifier', { label });
  }
  if (RESERVED.has(value) || STANDARD_COLUMNS.includes(value)) {
    return encodeMessage('lowcode.reserved', { label, value });
  }
  return undefined;
}

registerMessage('lowcode.identifier', [
  '{label}须以小写字母开头，只含小写字母、数字和下划线，最多63个字符',
  '{label} must start with a lower-case letter and hold only lower-case letters, digits and _ (at most 63)',
]);
registerMessage('lowcode.reserved', [
  '{label}“{value}”是保留字，请换一个',
  '{label} "{value}" is a reserved word: choose another',
]);
registerMessage('lowcode.duplicateElement', ['字段编号“{value}”重复', 'Field code "{value}" is used twice']);
registerMessage('lowcode.range', [
  '{label}的最小值不能大于最大值',
  '{label}: the minimum is above the maximum',
]);
registerMessage('lowcode.notInDict', [
  '{label}的值“{value}”不是字典中的选项',
  '{label}: "{value}" is not one of its dictionary\'s options',
]);
registerMessage('lowcode.refMissing', [
  '{label}引用的数据不存在: {value}',
  '{label}: the referenced row does not exist: {value}',
]);
const LABELS = {
  entNo: registerMessage('entity.entNo', ['实体编号', 'Entity code']),
  entName: registerMessage('entity.entName', ['实体名称', 'Entity name']),
  eleNo: registerMessage('entity.eleNo', ['字段编号', 'Field code']),
  eleName: registerMessage('entity.eleName', ['字段名称', 'Field name']),
  dataTyp: registerMessage('entity.dataTyp', ['数据类型', 'Data type']),
  verifyJson: registerMessage('entity.verifyJson', ['校验配置', 'Validation']),
};

/** The longest name of an element (a field of an entity). */
export const ELEMENT_NAME_MAX = 64;

const required = (label: string) => encodeMessage('form.required', { label });
const text = (label: string, max: number) =>
  z
    .string({ error: () => required(label) })
    .trim()
    .min(1, required(label))
    .max(max, encodeMessage('form.tooLong', { label, max }));
const code = (label: string) =>
  z.string({ error: () => required(label) }).superRefine((v, ctx) => {
    const problem = identifierProblem(label, v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
    }
  });

const pair = z.tuple([z.number().finite(), z.number().finite()]);
const ordered = (range: readonly [number, number] | null | undefined) => !range || range[0] <= range[1];

/** The validation of an element: `{"required":bool,"stringRange":[min,max],"numberBetween":[min,max]}`. */
export const verifyJson = z.preprocess(
  // The origin's client sends it as JSON text.
  (v) => {
    if (typeof v !== 'string') {
      return v;
    }
    if (v.trim() === '') {
      return {};
    }
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .strictObject(
      {
        required: z.boolean().optional(),
        stringRange: pair.nullish(),
        numberBetween: pair.nullish(),
      },
      { error: () => encodeMessage('form.type', { label: LABELS.verifyJson }) },
    )
    .refine((v) => ordered(v.stringRange) && ordered(v.numberBetween), {
      message: encodeMessage('lowcode.range', { label: LABELS.verifyJson }),
    }),
);
export type VerifyJson = z.output<typeof verifyJson>;

/** Keys a read of an element returns that a client may post back; never written from a body. */
const ELEMENT_READ_KEYS = ['entId', 'tenantId', 'createTime', 'updateTime', 'defName', 'refEntName'];
const optionalId = z.union([idString, z.literal('')]).nullish();

export const elementInput = z.strictObject({
  id: optionalId,
  eleNo: code(LABELS.eleNo),
  eleName: text(LABELS.eleName, ELEMENT_NAME_MAX),
  dataTyp: z.enum(DATA_TYPES, { error: () => encodeMessage('form.choose', { label: LABELS.dataTyp }) }),
  verifyJson: verifyJson.nullish(),
  defNo: z.string().max(64).nullish(),
  /** A business dictionary's code: the field's values are its keys. */
  dictCode: z.string().max(64).nullish(),
  refEntId: optionalId,
  unique: z.boolean().nullish(),
  sort: z.number().int().min(0).max(100_000).nullish(),
  ...Object.fromEntries(ELEMENT_READ_KEYS.map((k) => [k, z.unknown().optional()])),
});
export type ElementInput = z.output<typeof elementInput>;

/** An element as stored in the definition: every element keeps its id, so a rename is told from a new field. */
export interface Element {
  id: string;
  eleNo: string;
  eleName: string;
  dataTyp: DataType;
  verifyJson: VerifyJson;
  defNo: string;
  /** '' when the field's values are not a dictionary's keys (stored definitions may lack it). */
  dictCode?: string;
  refEntId: string;
  unique: boolean;
  sort: number;
}

const ENTITY_READ_KEYS = [
  ...MANAGED_KEYS,
  'version',
  'syncedVersion',
  'tableName',
  'dtElements',
  'drift',
  'pendingSync',
];

export const entityForm = z
  .strictObject(
    {
      id: optionalId,
      entNo: code(LABELS.entNo),
      entName: text(LABELS.entName, 255),
      parentEntId: optionalId,
      treeField: z.string().max(63).nullish(),
      remark: z.string().max(255).nullish(),
      elements: z.array(elementInput).max(200),
      ...Object.fromEntries(ENTITY_READ_KEYS.map((k) => [k, z.unknown().optional()])),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? encodeMessage('form.unknown', { field: iss.keys.join(',') })
          : undefined,
    },
  )
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const [index, e] of body.elements.entries()) {
      if (seen.has(e.eleNo)) {
        ctx.addIssue({
          code: 'custom',
          path: ['elements', index, 'eleNo'],
          message: encodeMessage('lowcode.duplicateElement', { value: e.eleNo }),
        });
      }
      seen.add(e.eleNo);
    }
  });
export type EntityForm = z.output<typeof entityForm>;

/** A stored entity definition. */
export interface EntityDefinition {
  id: string;
  tenantId: string;
  entNo: string;
  entName: string;
  parentEntId: string | null;
  treeField: string;
  version: number;
  elements: Element[];
}

const KIND_OF: Record<DataType, FieldKind> = {
  string: 'string',
  text: 'text',
  int: 'int',
  decimal: 'decimal',
  bool: 'bool',
  date: 'date',
  datetime: 'datetime',
  json: 'json',
};

/** One element as a field of the shared definition language. */
export function fieldOf(e: Element): FieldSpec {
  const v = e.verifyJson ?? {};
  const kind: FieldKind = e.refEntId ? 'id' : KIND_OF[e.dataTyp];
  const f: FieldSpec = { column: e.eleNo, kind, label: e.eleName };
  if (v.required) {
    f.required = true;
  }
  if ((kind === 'string' || kind === 'text') && v.stringRange) {
    f.minLength = Math.max(0, Math.floor(v.stringRange[0]));
    f.max = Math.max(1, Math.floor(v.stringRange[1]));
  }
  if ((kind === 'int' || kind === 'decimal') && v.numberBetween) {
    [f.min, f.max] = v.numberBetween;
  }
  if (e.unique) {
    f.unique = true;
  }
  if (e.refEntId) {
    f.ref = e.refEntId;
  }
  if (e.dictCode) {
    f.dict = e.dictCode;
  }
  // A choice (a dictionary key) is searched by equality; free text by containing.
  f.search = (kind === 'string' || kind === 'text') && !f.dict ? 'like' : kind === 'json' ? undefined : 'eq';
  if (f.search === undefined) {
    delete f.search;
  }
  return f;
}

export const entityTable = (id: string) => `yuan_ent_${id}`;

/** An entity as a resource: its data goes through the same validation, SQL and screens as a system table's. */
export function entityResource(entity: EntityDefinition) {
  const fields: Record<string, FieldSpec> = {};
  for (const e of [...entity.elements].sort((a, b) => a.sort - b.sort)) {
    fields[e.eleNo] = fieldOf(e);
  }
  return defineResource({
    name: `ent_${entity.id}`,
    basePath: '/api/yuan-api/dtentity',
    table: entityTable(entity.id),
    perm: 'entityData',
    altPerms: ['entity'],
    tenantScoped: true,
    title: entity.entName,
    fields,
  });
}
