import type { FormField } from '@yuan/contract/lowcode/form-json';
import type { Rule } from 'antd/es/form';
import type { ComponentType, ReactNode } from 'react';
import type { TextKey } from '../i18n/index.ts';

/** The translation function as widgets and rule builders use it. */
export type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

/** What a value widget receives: its field (defaults applied) and the value binding Form.Item injects. */
export interface WidgetProps {
  field: FormField;
  /** The field's label in the current language, for placeholders. */
  label: string;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  onBlur?: () => void;
  disabled?: boolean;
  readOnly?: boolean;
  /** The host's test id of the control. */
  testId?: string;
  /** The host's autofill hint and on-screen keyboard (text controls). */
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric' | 'decimal' | 'url';
}

/** A path in the form's values: a prop, or a sub-form's prop, row index and the row's prop. */
export type FieldName = (string | number)[];

/** A widget that draws its own section (group, sub-form) instead of one labelled input. */
export interface SectionProps {
  field: FormField;
  /** Where the field's value lives in the form. */
  name: FieldName;
  /** Draws fields on the grid with the same renderer; `prefix` goes before each prop. */
  renderFields: (fields: readonly FormField[], prefix: FieldName) => ReactNode;
  /** Draws one field without its label, as a sub-form cell at `name`. */
  renderCell: (field: FormField, name: FieldName) => ReactNode;
}

/** One entry of the registry: the widget of a field type and how the renderer treats it. */
export interface WidgetDef {
  Widget?: ComponentType<WidgetProps>;
  Section?: ComponentType<SectionProps>;
  /** The value is picked, not typed: '请选择{label}' when required, checked on change rather than on blur. */
  choice?: boolean;
  /** When a value counts as missing, where the general rule (nothing, '', [] ) is not enough. */
  isEmpty?: (value: unknown) => boolean;
  /** Rules the type itself adds (a link's format). */
  rules?: (field: FormField, label: string, t: Translate) => Rule[];
}
