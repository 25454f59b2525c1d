import type { FieldType } from './form-fields.ts';

/**
 * The form JSON of SPEC §3: what the form designer writes, custom pages store and the one form renderer draws.
 * Plain JSON only (a pattern is a RegExp source, never a RegExp). Keys this file does not name are kept as they
 * are, because the designer and older clients write more than the renderer reads.
 */

export type FieldSize = 'medium' | 'small' | 'mini';

/** One choice of a static list; cascader and tree choices nest. */
export interface DicItem {
  label: string;
  value: string | number | boolean;
  disabled?: boolean;
  children?: DicItem[];
}

/** A rule of the field's own, besides the generated ones (async-validator shape without functions). */
export interface FieldRule {
  required?: boolean;
  message?: string;
  pattern?: string;
  type?: string;
  min?: number;
  max?: number;
  len?: number;
  whitespace?: boolean;
  trigger?: string | string[];
}

/** The children of a sub-form (`dynamic`) or a group: their own fields plus how the sub-form table looks. */
export interface FieldChildren {
  align?: 'left' | 'center' | 'right';
  headerAlign?: 'left' | 'center' | 'right';
  addBtn?: boolean;
  delBtn?: boolean;
  viewBtn?: boolean;
  index?: boolean;
  column?: FormField[];
}

/** The watermark drawn on an uploaded image; ratio is the compression quality (0-1). */
export interface CanvasOption {
  text?: string;
  fontFamily?: string;
  fontSize?: number;
  opacity?: number;
  bottom?: number;
  right?: number;
  ratio?: number;
}

export interface FormField {
  /**
   * A SPEC §3 field type; missing means input. A saved form JSON holds no other name; the renderer draws one it
   * does not know (the system screens' own `checkTree` aside) as a text input.
   */
  type?: FieldType | (string & {});
  label?: string;
  prop?: string;
  span?: number;
  offset?: number;
  display?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  required?: boolean;
  placeholder?: string;
  valueDefault?: unknown;
  maxlength?: number;
  showWordLimit?: boolean;
  minRows?: number;
  maxRows?: number;
  pattern?: string;
  rules?: FieldRule[];
  multiple?: boolean;
  /** Most values of a multiple choice (0: no limit) or most files of an upload. */
  limit?: number;
  drag?: boolean;
  clearable?: boolean;
  filterable?: boolean;
  size?: FieldSize;
  border?: boolean;
  /** Tree: parent nodes may be chosen too (default true). */
  parent?: boolean;
  dicOption?: 'static' | 'remote';
  dicData?: DicItem[];
  dicUrl?: string;
  dicMethod?: 'get' | 'post';
  dicQuery?: Record<string, string | number> | { key?: string; value?: string }[];
  /** Which keys of remote rows are label, value and children, and where the rows are in the answer. */
  props?: { label?: string; value?: string; children?: string; res?: string };
  /** A named choice list of the application (`dict:<code>`, `entityRef:<entId>:<field>`, `deptTree` …). */
  dicSource?: string;
  /** A choice (and its subtree) not offered: the edited row itself in a parent choice. */
  exclude?: string;
  format?: string;
  valueFormat?: string;
  startPlaceholder?: string;
  endPlaceholder?: string;
  unlinkPanels?: boolean;
  prepend?: string;
  append?: string;
  isElement?: boolean;
  icon?: string;
  children?: FieldChildren;
  code?: string;
  /** Cascader: the text between the labels shown. */
  separator?: string;
  showAllLevels?: boolean;
  max?: number;
  min?: number;
  step?: number;
  precision?: number;
  controlsPosition?: string;
  showStops?: boolean;
  showInput?: boolean;
  showText?: boolean;
  texts?: string[];
  colors?: string[];
  unique?: boolean;
  /** How a list value is stored: 'string' joins it with ',', 'number' makes its items numbers. */
  dataType?: 'string' | 'number';
  subfield?: boolean;
  /** Column width inside a sub-form. */
  width?: number;
  /** Group: a collapse arrow, and whether the section starts open. */
  arrow?: boolean;
  collapse?: boolean;
  /** Entity selector: the entity and its reference field whose rows are offered (default: the prop). */
  entId?: string;
  entField?: string;
  action?: string;
  accept?: string;
  oss?: 'ali' | 'qiniu';
  listType?: 'text' | 'picture-card' | 'picture-img' | 'picture';
  headers?: Record<string, string>;
  data?: Record<string, string>;
  propsHttp?: { url?: string; name?: string; res?: string; fileName?: string };
  showFileList?: boolean;
  /** Largest file in KB. */
  filesize?: number;
  tip?: string;
  loadText?: string;
  canvasOption?: CanvasOption;
}

/** A section of the form's group list (what a group field becomes on save). */
export interface FormGroup extends Omit<FormField, 'children' | 'type'> {
  column: FormField[];
}

export type ButtonPosition = 'left' | 'center' | 'right';

export interface FormSettings {
  labelPosition?: 'left' | 'right' | 'top';
  labelSuffix?: string;
  labelWidth?: number;
  gutter?: number;
  menuBtn?: boolean;
  menuPosition?: ButtonPosition;
  submitBtn?: boolean;
  submitSize?: FieldSize;
  submitText?: string;
  emptyBtn?: boolean;
  emptySize?: FieldSize;
  emptyText?: string;
  size?: FieldSize;
  group?: FormGroup[];
}

export interface FormJson extends FormSettings {
  column: FormField[];
}
