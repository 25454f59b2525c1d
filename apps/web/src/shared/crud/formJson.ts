import type { Language, Resource } from '@yuan/contract';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { DATE_TIME } from '../time/timeZone.ts';
import { isMultiple, pick, widgetOf } from './fields.ts';
import type { CrudField } from './types.ts';
import { DATE_ONLY } from './values.ts';

export interface CrudFormOptions {
  lang: Language;
  resource: Resource;
  /** The view dialog: every field disabled. */
  readOnly?: boolean;
  /** The row being edited: a tree node is not offered as its own parent. */
  editingId?: string;
  /** The placeholder of a parent choice, which left empty means the top level. */
  topLabel: string;
}

function isWide(field: CrudField): boolean {
  const widget = widgetOf(field);
  return field.options.fullRow === true || widget === 'textarea' || widget === 'checkTree';
}

/** The parent of a tree resource is chosen in the resource's own tree, unless the screen names another source. */
function isParent(field: CrudField, resource: Resource): boolean {
  return field.name === 'parentId' && Boolean(resource.tree) && !field.options.source;
}

/** The type and the type's settings of one definition field, from the widget the CRUD screens give it. */
function typeOf(field: CrudField, options: CrudFormOptions): Partial<FormField> {
  const { spec } = field;
  const choice = { clearable: true, filterable: true, multiple: isMultiple(field) };
  if (isParent(field, options.resource)) {
    return {
      type: 'tree',
      ...choice,
      dicSource: `tree:${options.resource.basePath}`,
      exclude: options.editingId,
      placeholder: options.topLabel,
    };
  }
  switch (widgetOf(field)) {
    case 'textarea':
      return { type: 'textarea' };
    case 'password':
      return { type: 'password' };
    case 'number':
      return { type: 'number', min: spec.min, max: spec.max, precision: 0 };
    case 'date':
      return spec.kind === 'date'
        ? { type: 'date', format: DATE_ONLY, valueFormat: DATE_ONLY }
        : { type: 'datetime', format: DATE_TIME, valueFormat: DATE_TIME };
    case 'select':
      return field.options.options
        ? {
            type: 'select',
            ...choice,
            dicData: field.options.options.map((o) => ({
              label: pick(o.label, options.lang),
              value: o.value,
            })),
          }
        : { type: 'select', ...choice, dicSource: field.options.source };
    case 'treeSelect':
      return { type: 'tree', ...choice, dicSource: field.options.source };
    case 'checkTree':
      return { type: 'checkTree', dicSource: field.options.source };
    default:
      return { type: 'input' };
  }
}

/**
 * A resource's fields as form-JSON fields (SPEC §3), so that the system dialogs are drawn by the one form renderer:
 * label in the caller's language, half or whole row, the widget the screens chose, choices from the same sources.
 * The rules stay those of rules.ts (the exact SPEC §5 texts); the dialog hands them to the renderer by prop.
 */
export function toFormFields(fields: readonly CrudField[], options: CrudFormOptions): FormField[] {
  return fields.map((field) => {
    const converted: FormField = {
      prop: field.name,
      label: pick(field.spec.label, options.lang),
      span: isWide(field) ? 24 : 12,
      required: Boolean(field.spec.required) || undefined,
      ...typeOf(field, options),
    };
    if (options.readOnly) {
      converted.disabled = true;
    }
    return converted;
  });
}
