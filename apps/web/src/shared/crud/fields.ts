import type { Language, Pair } from '@yuan/contract';
import type { CrudConfig, CrudField, FieldOptions, StaticOption, Widget } from './types.ts';

/** The choices of a yes/no field, as the text the server reads as a boolean (also in the search bar). */
export const YES_NO: readonly StaticOption[] = [
  { value: 'true', label: ['是', 'Yes'] },
  { value: 'false', label: ['否', 'No'] },
];

/** A zh/en pair in the caller's language; a single text (a tenant's own name) as written. */
export function pick(pair: Pair | string, lang: Language): string {
  if (typeof pair === 'string') {
    return pair;
  }
  return pair[lang === 'en' ? 1 : 0];
}

/** Every field of the definition with the screen's options; a yes/no field is a 是/否 choice unless told otherwise. */
export function crudFields(config: Pick<CrudConfig, 'resource' | 'fields'>): CrudField[] {
  return Object.entries(config.resource.fields).map(([name, spec]) => {
    const options = config.fields?.[name] ?? {};
    const own = !options.widget && !hasOptions(options);
    // A yes/no field is a 是/否 choice and a dictionary field a choice of its items, unless the screen says otherwise.
    const choices =
      own && spec.kind === 'bool'
        ? { options: YES_NO }
        : own && spec.dict
          ? { widget: 'select' as const, source: `dict:${spec.dict}` as const }
          : {};
    return { name, spec, options: { ...choices, ...options } };
  });
}

/** Table columns: not `list: false`, never write-only, not hidden by the screen. */
export function columnFields(fields: CrudField[]): CrudField[] {
  return fields.filter((f) => f.spec.list !== false && !f.spec.writeOnly && !f.options.hideInTable);
}

export function searchFields(fields: CrudField[]): CrudField[] {
  return fields.filter((f) => f.spec.search !== undefined && !f.options.hideInSearch);
}

export function formFields(fields: CrudField[], mode: 'add' | 'edit' | 'view'): CrudField[] {
  return fields.filter(
    (f) =>
      !f.options.hideInForm &&
      !(f.options.addOnly && mode !== 'add') &&
      !(f.spec.writeOnly && mode === 'view'),
  );
}

/** The input a field gets: the screen's choice, else one derived from the field kind. */
export function widgetOf(field: CrudField): Widget {
  const { spec, options } = field;
  if (options.widget) {
    return options.widget;
  }
  if (options.options) {
    return 'select';
  }
  if (options.source) {
    return options.source === 'postList' || options.source === 'packageList' ? 'select' : 'treeSelect';
  }
  if (spec.writeOnly && /password|secret/i.test(field.name)) {
    return 'password';
  }
  if (spec.kind === 'int') {
    return 'number';
  }
  if (spec.kind === 'datetime' || spec.kind === 'date') {
    return 'date';
  }
  if (spec.kind === 'bool') {
    return 'select';
  }
  if (spec.textarea || spec.kind === 'text' || spec.kind === 'json') {
    return 'textarea';
  }
  return 'input';
}

/** Choice widgets get '请选择{label}' as their generated required message (SPEC §5). */
export function isChoice(widget: Widget): boolean {
  return widget === 'select' || widget === 'treeSelect' || widget === 'checkTree' || widget === 'date';
}

export function isMultiple(field: CrudField): boolean {
  return field.spec.kind === 'ids';
}

export function hasOptions(options: FieldOptions): boolean {
  return Boolean(options.options || options.source);
}
