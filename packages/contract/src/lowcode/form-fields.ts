import type { Pair } from '../form-messages.ts';
import type { FormField, FormJson, FormSettings } from './form-json-types.ts';

/**
 * The field types of the form JSON (SPEC §3), in palette order. Rich text is `ueditor`, the name the designer's
 * older JSON already carries; the entity selector is `entity`; the sub-form is `dynamic`.
 */
export const FIELD_TYPES = [
  'group',
  'dynamic',
  'input',
  'password',
  'textarea',
  'number',
  'url',
  'array',
  'img',
  'radio',
  'checkbox',
  'select',
  'cascader',
  'tree',
  'entity',
  'upload',
  'year',
  'month',
  'week',
  'date',
  'time',
  'datetime',
  'daterange',
  'timerange',
  'datetimerange',
  'ueditor',
  'map',
  'switch',
  'rate',
  'slider',
  'color',
  'script',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Palette names (zh, en). */
export const FIELD_TYPE_NAMES: Record<FieldType, Pair> = {
  group: ['分组', 'Group'],
  dynamic: ['子表单', 'Sub-form'],
  input: ['单行文本', 'Text'],
  password: ['密码', 'Password'],
  textarea: ['多行文本', 'Multi-line text'],
  number: ['计数器', 'Number'],
  url: ['超链接', 'Link'],
  array: ['数组', 'Array'],
  img: ['图片', 'Image'],
  radio: ['单选框组', 'Radio group'],
  checkbox: ['多选框组', 'Checkbox group'],
  select: ['下拉选择器', 'Select'],
  cascader: ['级联选择器', 'Cascader'],
  tree: ['树型选择器', 'Tree select'],
  entity: ['实体选择器', 'Entity selector'],
  upload: ['文件上传', 'Upload'],
  year: ['年', 'Year'],
  month: ['月', 'Month'],
  week: ['周', 'Week'],
  date: ['日期', 'Date'],
  time: ['时间', 'Time'],
  datetime: ['日期时间', 'Date and time'],
  daterange: ['日期范围', 'Date range'],
  timerange: ['时间范围', 'Time range'],
  datetimerange: ['日期时间范围', 'Date and time range'],
  ueditor: ['富文本', 'Rich text'],
  map: ['地图选择器', 'Map'],
  switch: ['开关', 'Switch'],
  rate: ['评价', 'Rating'],
  slider: ['滑块', 'Slider'],
  color: ['颜色选择器', 'Color'],
  script: ['脚本', 'Script'],
};

/**
 * Types whose generated required message is '请选择{label}' (SPEC §5): the value is picked, not typed. Typed ones
 * (input, password, textarea, number, url, array, img, ueditor, map, script) get '{label}必须填写'.
 */
export const CHOICE_TYPES: ReadonlySet<string> = new Set([
  'radio',
  'checkbox',
  'select',
  'cascader',
  'tree',
  'entity',
  'upload',
  'year',
  'month',
  'week',
  'date',
  'time',
  'datetime',
  'daterange',
  'timerange',
  'datetimerange',
  'switch',
  'rate',
  'slider',
  'color',
]);

/** Display and stored formats of the date/time family (dayjs tokens); ranges store [start, end]. */
export const DATE_FORMATS: Record<string, { format: string; valueFormat: string }> = {
  year: { format: 'YYYY', valueFormat: 'YYYY' },
  month: { format: 'YYYY-MM', valueFormat: 'YYYY-MM' },
  // A week is stored as the date of its first day: a week number alone does not parse back.
  week: { format: 'YYYY-wo', valueFormat: 'YYYY-MM-DD' },
  date: { format: 'YYYY-MM-DD', valueFormat: 'YYYY-MM-DD' },
  time: { format: 'HH:mm:ss', valueFormat: 'HH:mm:ss' },
  datetime: { format: 'YYYY-MM-DD HH:mm:ss', valueFormat: 'YYYY-MM-DD HH:mm:ss' },
  daterange: { format: 'YYYY-MM-DD', valueFormat: 'YYYY-MM-DD' },
  timerange: { format: 'HH:mm:ss', valueFormat: 'HH:mm:ss' },
  datetimerange: { format: 'YYYY-MM-DD HH:mm:ss', valueFormat: 'YYYY-MM-DD HH:mm:ss' },
};

/** SPEC §9 default texts of the two form buttons (zh, en). */
export const SUBMIT_TEXT: Pair = ['提交', 'Submit'];
export const EMPTY_TEXT: Pair = ['清空', 'Clear'];

/** SPEC §9 default form settings. */
export const FORM_DEFAULTS: Required<Omit<FormSettings, 'group'>> = {
  labelPosition: 'left',
  labelSuffix: '：',
  labelWidth: 120,
  gutter: 0,
  menuBtn: true,
  menuPosition: 'center',
  submitBtn: true,
  submitSize: 'medium',
  submitText: SUBMIT_TEXT[0],
  emptyBtn: true,
  emptySize: 'medium',
  emptyText: EMPTY_TEXT[0],
  size: 'medium',
};

/** The rate field's default texts per star (zh, en) and its three colours (low, middle, high). */
export const RATE_TEXTS: { zh: readonly string[]; en: readonly string[] } = {
  zh: ['极差', '失望', '一般', '满意', '惊喜'],
  en: ['Terrible', 'Disappointed', 'Fair', 'Satisfied', 'Delighted'],
};
export const RATE_COLORS: readonly string[] = ['#99A9BF', '#F7BA2A', '#FF9900'];

/** Where an upload posts by default, and which keys of its answer are the link and the name. */
export const UPLOAD_ACTION = '/api/yuan-resource/oss/endpoint/put-file';

/** SPEC §5 numbers the designer's inputs and the schema keep to. */
export const FORM_LIMITS = {
  precision: { min: 0, max: 10 },
  filesize: { min: 0 },
  uploadLimit: { min: 1 },
  opacity: { min: 10, max: 100, step: 10 },
  ratio: { min: 0, max: 1, step: 0.1 },
  minRows: { min: 1 },
  maxRows: { min: 2 },
  labelWidth: { min: 80, max: 200, step: 10 },
  gutter: { min: 0, max: 60, step: 5 },
  span: { min: 8, max: 24 },
  width: { min: 100 },
  sliderMin: { min: 0 },
  sliderStep: { min: 1 },
} as const;

/** What a new field of each type starts with (SPEC §3 defaults); a type not listed starts empty. */
export function fieldDefaults(type: string): Partial<FormField> {
  switch (type) {
    case 'group':
      return { span: 24, arrow: true, collapse: true, children: { column: [] } };
    case 'dynamic':
      return {
        span: 24,
        children: {
          align: 'center',
          headerAlign: 'center',
          addBtn: true,
          delBtn: true,
          viewBtn: true,
          column: [],
        },
      };
    case 'upload':
      return {
        action: UPLOAD_ACTION,
        listType: 'text',
        showFileList: true,
        multiple: true,
        limit: 10,
        propsHttp: { res: 'data', url: 'link', name: 'originalName' },
      };
    case 'rate':
      return { max: 5, texts: [...RATE_TEXTS.zh], colors: [...RATE_COLORS] };
    case 'slider':
      return { min: 0, max: 10, step: 1 };
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'cascader':
    case 'tree':
      return { dicOption: 'static', dicData: [] };
    default:
      return DATE_FORMATS[type] ? { ...DATE_FORMATS[type] } : {};
  }
}

/** A field with its type's defaults under it (a sub-form's children options merge one level deep). */
export function withFieldDefaults(field: FormField): FormField {
  const defaults = fieldDefaults(field.type ?? 'input');
  // A field written with an address but no source kind takes its choices from that address.
  if (field.dicUrl && !field.dicOption) {
    defaults.dicOption = 'remote';
  }
  const merged: FormField = { ...defaults, ...field };
  if (defaults.children && field.children) {
    merged.children = { ...defaults.children, ...field.children };
  }
  return merged;
}

/** The form settings with SPEC §9 defaults under them. */
export function withFormDefaults(json: Partial<FormJson>): FormJson {
  return { ...FORM_DEFAULTS, column: [], ...json };
}
