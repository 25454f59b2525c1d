import type { FormField } from '@yuan/contract/lowcode/form-json';

/** Where fields live on the canvas: the form itself, or the children of a group or sub-form field. */
export const ROOT = '__root__';

/** Types whose children are drawn and dropped into on the canvas. */
export function isContainer(field: FormField | undefined): boolean {
  return field?.type === 'group' || field?.type === 'dynamic';
}

/** The field with this prop anywhere in the tree. */
export function findField(column: readonly FormField[], prop: string): FormField | undefined {
  for (const field of column) {
    if (field.prop === prop) {
      return field;
    }
    const inner = findField(field.children?.column ?? [], prop);
    if (inner) {
      return inner;
    }
  }
  return undefined;
}

/** The container prop (or ROOT) and the index of the field with this prop. */
export function locate(
  column: readonly FormField[],
  prop: string,
  parent = ROOT,
): { parent: string; index: number } | undefined {
  for (const [index, field] of column.entries()) {
    if (field.prop === prop) {
      return { parent, index };
    }
    const inner = locate(field.children?.column ?? [], prop, field.prop ?? '');
    if (inner) {
      return inner;
    }
  }
  return undefined;
}

/** The list of a container (ROOT: the form's column). */
export function childrenOf(column: readonly FormField[], parent: string): readonly FormField[] {
  if (parent === ROOT) {
    return column;
  }
  return findField(column, parent)?.children?.column ?? [];
}

/** Rewrites every field of the tree through `map` (a field mapped to null is removed). */
function mapTree(column: readonly FormField[], map: (field: FormField) => FormField | null): FormField[] {
  const out: FormField[] = [];
  for (const field of column) {
    const mapped = map(field);
    if (mapped === null) {
      continue;
    }
    out.push(
      mapped.children?.column
        ? { ...mapped, children: { ...mapped.children, column: mapTree(mapped.children.column, map) } }
        : mapped,
    );
  }
  return out;
}

export function replaceField(column: readonly FormField[], prop: string, next: FormField): FormField[] {
  return mapTree(column, (field) => (field.prop === prop ? next : field));
}

export function removeField(column: readonly FormField[], prop: string): FormField[] {
  return mapTree(column, (field) => (field.prop === prop ? null : field));
}

/** Puts `field` into a container at `index` (past the end: appended). */
export function insertField(
  column: readonly FormField[],
  parent: string,
  index: number,
  field: FormField,
): FormField[] {
  const put = (list: readonly FormField[]) => {
    const next = [...list];
    next.splice(Math.max(0, Math.min(index, next.length)), 0, field);
    return next;
  };
  if (parent === ROOT) {
    return put(column);
  }
  return mapTree(column, (item) =>
    item.prop === parent
      ? { ...item, children: { ...item.children, column: put(item.children?.column ?? []) } }
      : item,
  );
}

/** Every prop of the tree, for telling a moved container from its own descendants. */
export function propsOf(column: readonly FormField[]): string[] {
  return column.flatMap((field) => [field.prop ?? '', ...propsOf(field.children?.column ?? [])]);
}
