import { fieldDefaults } from './form-fields.ts';
import type { FormField, FormGroup, FormJson } from './form-json-types.ts';

/** What the form designer does to a field or a form JSON (SPEC §3, §4), shared by the designer and its tests. */

/** SPEC §3: a field without a prop gets the time stamp plus a random number. */
export function newProp(now = Date.now(), random = Math.random()): string {
  return `${now}_${Math.ceil(random * 99_999)}`;
}

/** SPEC §4: a type change takes the new type's defaults and keeps the field's icon, label, span and prop. */
export function changeFieldType(field: FormField, type: string): FormField {
  const kept: Partial<FormField> = {};
  for (const key of ['prop', 'label', 'icon', 'span'] as const) {
    if (field[key] !== undefined) {
      Object.assign(kept, { [key]: field[key] });
    }
  }
  return { ...fieldDefaults(type), type, ...kept };
}

/** SPEC §4: a dictionary field made multiple starts with an empty list; single again, it loses that default. */
export function setDictMultiple(field: FormField, multiple: boolean): FormField {
  const { valueDefault: _dropped, ...rest } = field;
  return multiple ? { ...field, multiple, valueDefault: [] } : { ...rest, multiple };
}

/** A remote query typed as a list of pairs becomes an object; entries lacking a key or a value are skipped. */
export function queryListToObject(
  list: readonly { key?: unknown; value?: unknown }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of list) {
    if (entry.key !== undefined && entry.key !== '' && entry.value !== undefined && entry.value !== '') {
      out[String(entry.key)] = String(entry.value);
    }
  }
  return out;
}

/** A stored pattern is a RegExp source; '/source/flags' is read with its flags. */
export function patternOf(pattern: string): RegExp {
  const literal = /^\/(.+)\/([dgimsuy]*)$/s.exec(pattern);
  return literal ? new RegExp(literal[1] ?? '', literal[2]) : new RegExp(pattern);
}

/** SPEC §4 saving a field: one option source only, the query as an object, sub-form children likewise. */
export function saveField(field: FormField): FormField {
  const out: FormField = { ...field };
  if (out.dicOption === 'remote') {
    delete out.dicData;
  } else if (out.dicOption === 'static') {
    delete out.dicUrl;
    delete out.dicMethod;
    delete out.dicQuery;
  }
  if (Array.isArray(out.dicQuery)) {
    out.dicQuery = queryListToObject(out.dicQuery);
  }
  if (out.children) {
    out.children = { ...out.children, column: (out.children.column ?? []).map(saveField) };
  }
  return out;
}

/** SPEC §4: saving turns group fields into the form's group list; the other fields stay in column. */
export function saveFormJson(json: FormJson): FormJson {
  const column: FormField[] = [];
  const group: FormGroup[] = [...(json.group ?? [])];
  for (const field of json.column ?? []) {
    if (field.type === 'group') {
      const { children, type: _type, ...section } = field;
      group.push({ ...section, column: (children?.column ?? []).map(saveField) });
    } else {
      column.push(saveField(field));
    }
  }
  return group.length > 0 ? { ...json, column, group } : { ...json, column };
}

/** The reverse of saveFormJson, on load or import: each group section is a group field again. */
export function loadFormJson(json: FormJson): FormJson {
  const { group, ...rest } = json;
  const sections = (group ?? []).map(
    ({ column, ...section }): FormField => ({ ...section, type: 'group', children: { column } }),
  );
  return { ...rest, column: [...(json.column ?? []), ...sections] };
}
