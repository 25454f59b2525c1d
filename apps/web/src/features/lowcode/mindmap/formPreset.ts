import type { FormField, FormJson } from '@yuan/contract/lowcode/form-json';

function lockIn(fields: FormField[], prop: string): FormField[] {
  return fields.map((field) => {
    if (field.prop === prop) {
      return { ...field, disabled: true };
    }
    // A group's fields are its children's (a sub-form's children are rows of their own, never the row's field).
    if (field.type === 'group' && field.children?.column) {
      return { ...field, children: { ...field.children, column: lockIn(field.children.column, prop) } };
    }
    return field;
  });
}

/**
 * The form with the field `prop` not editable: a sub-form's reference field holds the parent row's id, which the
 * person filling the form must not change.
 */
export function lockField(json: FormJson, prop: string): FormJson {
  return {
    ...json,
    column: lockIn(json.column, prop),
    ...(json.group ? { group: json.group.map((g) => ({ ...g, column: lockIn(g.column, prop) })) } : {}),
  };
}
