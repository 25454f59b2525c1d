import { z } from 'zod';
import { encodeMessage, registerMessage } from '../form-messages.ts';
import { patternOf, queryListToObject } from './form-design.ts';
import { FIELD_TYPES, FORM_LIMITS } from './form-fields.ts';
import type { DicItem, FieldChildren, FormField, FormGroup, FormJson } from './form-json-types.ts';

export type {
  ButtonPosition,
  CanvasOption,
  DicItem,
  FieldChildren,
  FieldRule,
  FieldSize,
  FormField,
  FormGroup,
  FormJson,
  FormSettings,
} from './form-json-types.ts';

/** The zod schemas of the form JSON (SPEC §3); unknown keys are kept, the SPEC §5 numbers are checked. */
const messages = {
  pattern: registerMessage('formJson.pattern', [
    '正则表达式无效',
    'The pattern is not a valid regular expression',
  ]),
  slider: registerMessage('formJson.slider', [
    '滑块最小值不能小于0且必须小于最大值，步长至少为1且不超过最大值与最小值之差',
    'A slider needs 0 ≤ min < max and 1 ≤ step ≤ max − min',
  ]),
  limit: registerMessage('formJson.limit', [
    '多选数量不能超过选项数量',
    'The limit may not exceed the number of options',
  ]),
  rows: registerMessage('formJson.rows', ['最小行数不能大于最大行数', 'Min rows may not exceed max rows']),
  uploadLimit: registerMessage('formJson.uploadLimit', [
    '上传数量至少为1',
    'An upload takes at least one file',
  ]),
  type: registerMessage('formJson.type', ['不支持的字段类型：{type}', 'Unknown field type: {type}']),
};

const size = z.enum(['medium', 'small', 'mini']);
const int = (min?: number, max?: number) => {
  const base = z.number().int();
  const low = min === undefined ? base : base.min(min);
  return max === undefined ? low : low.max(max);
};

const patternSource = z.string().refine((source) => {
  try {
    patternOf(source);
    return true;
  } catch {
    return false;
  }
}, encodeMessage(messages.pattern));

const knownTypes: ReadonlySet<string> = new Set(FIELD_TYPES);
/** One of the SPEC §3 types: a name the renderer does not know would save and then draw as something else. */
const fieldType = z
  .string()
  .max(64)
  .superRefine((type, ctx) => {
    if (!knownTypes.has(type)) {
      ctx.addIssue({ code: 'custom', message: encodeMessage(messages.type, { type }) });
    }
  });

const dicItem: z.ZodType<DicItem> = z.lazy(() =>
  z.looseObject({
    label: z.coerce.string(),
    value: z.union([z.string(), z.number(), z.boolean()]),
    disabled: z.boolean().optional(),
    children: z.array(dicItem).optional(),
  }),
);

const fieldRule = z.looseObject({
  required: z.boolean().optional(),
  message: z.string().optional(),
  pattern: patternSource.optional(),
  type: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  len: z.number().optional(),
  whitespace: z.boolean().optional(),
  trigger: z.union([z.string(), z.array(z.string())]).optional(),
});

const fieldChildren: z.ZodType<FieldChildren> = z.lazy(() =>
  z.preprocess(
    // An older client writes the children as the bare list of fields.
    (value) => (Array.isArray(value) ? { column: value } : value),
    z.looseObject({
      align: z.enum(['left', 'center', 'right']).optional(),
      headerAlign: z.enum(['left', 'center', 'right']).optional(),
      addBtn: z.boolean().optional(),
      delBtn: z.boolean().optional(),
      viewBtn: z.boolean().optional(),
      index: z.boolean().optional(),
      column: z.array(formFieldSchema).optional(),
    }),
  ),
);

const canvasOption = z.looseObject({
  text: z.string().optional(),
  fontFamily: z.string().optional(),
  fontSize: z.number().positive().optional(),
  opacity: z.number().min(FORM_LIMITS.opacity.min).max(FORM_LIMITS.opacity.max).optional(),
  bottom: z.number().optional(),
  right: z.number().optional(),
  ratio: z.number().min(FORM_LIMITS.ratio.min).max(FORM_LIMITS.ratio.max).optional(),
});

const dicQuery = z.preprocess(
  (value) =>
    Array.isArray(value) ? queryListToObject(value as { key?: unknown; value?: unknown }[]) : value,
  z.record(z.string(), z.union([z.string(), z.number()])),
);

/** Everything a field may say besides its children (shared by fields and group sections). */
const fieldShape = {
  label: z.string().optional(),
  prop: z.string().optional(),
  span: int(FORM_LIMITS.span.min, FORM_LIMITS.span.max).optional(),
  offset: int(0, 24).optional(),
  display: z.boolean().optional(),
  disabled: z.boolean().optional(),
  readonly: z.boolean().optional(),
  required: z.boolean().optional(),
  placeholder: z.string().optional(),
  valueDefault: z.unknown().optional(),
  maxlength: int(0).optional(),
  showWordLimit: z.boolean().optional(),
  minRows: int(FORM_LIMITS.minRows.min).optional(),
  maxRows: int(FORM_LIMITS.maxRows.min).optional(),
  pattern: patternSource.optional(),
  rules: z.array(fieldRule).optional(),
  multiple: z.boolean().optional(),
  limit: int(0).optional(),
  drag: z.boolean().optional(),
  clearable: z.boolean().optional(),
  filterable: z.boolean().optional(),
  size: size.optional(),
  border: z.boolean().optional(),
  parent: z.boolean().optional(),
  dicOption: z.enum(['static', 'remote']).optional(),
  dicData: z.array(dicItem).optional(),
  dicUrl: z.string().optional(),
  dicMethod: z.enum(['get', 'post']).optional(),
  dicQuery: dicQuery.optional(),
  props: z
    .looseObject({
      label: z.string().optional(),
      value: z.string().optional(),
      children: z.string().optional(),
      res: z.string().optional(),
    })
    .optional(),
  dicSource: z.string().max(300).optional(),
  exclude: z.string().optional(),
  format: z.string().optional(),
  valueFormat: z.string().optional(),
  startPlaceholder: z.string().optional(),
  endPlaceholder: z.string().optional(),
  unlinkPanels: z.boolean().optional(),
  prepend: z.string().optional(),
  append: z.string().optional(),
  isElement: z.boolean().optional(),
  icon: z.string().optional(),
  code: z.string().optional(),
  separator: z.string().optional(),
  showAllLevels: z.boolean().optional(),
  max: z.number().optional(),
  min: z.number().optional(),
  step: z.number().positive().optional(),
  precision: int(FORM_LIMITS.precision.min, FORM_LIMITS.precision.max).optional(),
  controlsPosition: z.string().optional(),
  showStops: z.boolean().optional(),
  showInput: z.boolean().optional(),
  showText: z.boolean().optional(),
  texts: z.array(z.string()).optional(),
  colors: z.array(z.string()).optional(),
  unique: z.boolean().optional(),
  dataType: z.enum(['string', 'number']).optional(),
  subfield: z.boolean().optional(),
  width: z.number().min(FORM_LIMITS.width.min).optional(),
  arrow: z.boolean().optional(),
  collapse: z.boolean().optional(),
  entId: z.string().optional(),
  entField: z.string().optional(),
  action: z.string().optional(),
  accept: z.string().optional(),
  oss: z.enum(['ali', 'qiniu']).optional(),
  listType: z.enum(['text', 'picture-card', 'picture-img', 'picture']).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  data: z.record(z.string(), z.string()).optional(),
  propsHttp: z
    .looseObject({
      url: z.string().optional(),
      name: z.string().optional(),
      res: z.string().optional(),
      fileName: z.string().optional(),
    })
    .optional(),
  showFileList: z.boolean().optional(),
  filesize: z.number().min(FORM_LIMITS.filesize.min).optional(),
  tip: z.string().optional(),
  loadText: z.string().optional(),
  canvasOption: canvasOption.optional(),
};

/** The SPEC §5 numbers that depend on the field type or on two properties at once. */
function checkField(field: FormField, ctx: z.RefinementCtx): void {
  if (field.type === 'slider') {
    const min = field.min ?? 0;
    const max = field.max ?? 10;
    const step = field.step ?? 1;
    if (
      min < FORM_LIMITS.sliderMin.min ||
      min >= max ||
      step < FORM_LIMITS.sliderStep.min ||
      step > max - min
    ) {
      ctx.addIssue({ code: 'custom', message: encodeMessage(messages.slider), path: ['step'] });
    }
  }
  if (field.type === 'upload' && field.limit !== undefined && field.limit < FORM_LIMITS.uploadLimit.min) {
    ctx.addIssue({ code: 'custom', message: encodeMessage(messages.uploadLimit), path: ['limit'] });
  }
  const optionCount = field.dicOption === 'remote' ? undefined : field.dicData?.length;
  const choosesMany = field.type === 'select' || field.type === 'checkbox';
  if (choosesMany && field.limit !== undefined && optionCount !== undefined && field.limit > optionCount) {
    ctx.addIssue({ code: 'custom', message: encodeMessage(messages.limit), path: ['limit'] });
  }
  if (field.minRows !== undefined && field.maxRows !== undefined && field.minRows > field.maxRows) {
    ctx.addIssue({ code: 'custom', message: encodeMessage(messages.rows), path: ['maxRows'] });
  }
}

export const formFieldSchema: z.ZodType<FormField> = z.lazy(() =>
  z
    .looseObject({ type: fieldType.optional(), ...fieldShape, children: fieldChildren.optional() })
    .superRefine(checkField),
);

export const formGroupSchema: z.ZodType<FormGroup> = z.looseObject({
  ...fieldShape,
  column: z.array(formFieldSchema),
});

export const formJsonSchema: z.ZodType<FormJson> = z.looseObject({
  labelPosition: z.enum(['left', 'right', 'top']).optional(),
  labelSuffix: z.string().max(16).optional(),
  labelWidth: int(FORM_LIMITS.labelWidth.min, FORM_LIMITS.labelWidth.max).optional(),
  gutter: int(FORM_LIMITS.gutter.min, FORM_LIMITS.gutter.max).optional(),
  menuBtn: z.boolean().optional(),
  menuPosition: z.enum(['left', 'center', 'right']).optional(),
  submitBtn: z.boolean().optional(),
  submitSize: size.optional(),
  submitText: z.string().optional(),
  emptyBtn: z.boolean().optional(),
  emptySize: size.optional(),
  emptyText: z.string().optional(),
  size: size.optional(),
  column: z.array(formFieldSchema).default([]),
  group: z.array(formGroupSchema).optional(),
});
