import { newProp } from '@yuan/contract/lowcode/form-design';
import { withFieldDefaults } from '@yuan/contract/lowcode/form-fields';
import type { FormField, FormGroup } from '@yuan/contract/lowcode/form-json';

/** Fields as the renderer draws them: type defaults under each, a prop where none was given, children likewise. */
export function prepareFields(fields: readonly FormField[]): FormField[] {
  return fields.map((field) => {
    const ready = withFieldDefaults({ ...field, prop: field.prop || newProp() });
    if (ready.children?.column) {
      ready.children = { ...ready.children, column: prepareFields(ready.children.column) };
    }
    return ready;
  });
}

/** The form's group list (SPEC §4 saved shape) drawn as group fields after the other fields. */
export function groupFields(groups: readonly FormGroup[] | undefined): FormField[] {
  return (groups ?? []).map(({ column, ...section }) => ({
    ...section,
    type: 'group',
    children: { column },
  }));
}

/** The starting values of fields: each valueDefault; a group's fields share the form's level, a sub-form is a list. */
export function defaultValues(fields: readonly FormField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'group') {
      Object.assign(values, defaultValues(field.children?.column ?? []));
    } else if (field.prop && field.valueDefault !== undefined) {
      values[field.prop] = structuredClone(field.valueDefault);
    } else if (field.prop && field.type === 'dynamic') {
      values[field.prop] = [];
    }
  }
  return values;
}

/** The props a form gives values to at its top level: its fields', a group's fields' (not a sub-form's rows). */
export function valueProps(fields: readonly FormField[]): string[] {
  return fields.flatMap((field) =>
    field.type === 'group' ? valueProps(field.children?.column ?? []) : field.prop ? [field.prop] : [],
  );
}
