import { type Element, IDENTIFIER, STANDARD_COLUMNS } from '@yuan/contract';
import { badRequest } from '../../../lib/errors.ts';
import { columnType, dataTypeOf, type LiveColumn } from './ddl-plan.ts';

/**
 * The elements a table's live columns make: a column an element of `current` names keeps that element (its id and
 * name), retyped when the column's type differs; a new column becomes a new field; the standard columns are none.
 */
export function adoptedElements(live: LiveColumn[], current: Element[]): Element[] {
  const known = new Map(current.map((e) => [e.eleNo, e]));
  const elements: Element[] = [];
  for (const column of live.filter((c) => !STANDARD_COLUMNS.includes(c.name))) {
    const type = dataTypeOf(column.type);
    if (!type || !IDENTIFIER.test(column.name)) {
      throw badRequest('entity.columnType', { name: column.name, type: column.type });
    }
    const kept = known.get(column.name);
    const e: Element = kept
      ? { ...kept }
      : {
          id: '',
          eleNo: column.name,
          eleName: column.name,
          dataTyp: type.dataTyp,
          verifyJson: {},
          defNo: '',
          refEntId: '',
          unique: false,
          sort: elements.length,
        };
    if (columnType(e) !== column.type) {
      e.dataTyp = type.dataTyp;
      e.refEntId = '';
      const { stringRange, ...rest } = e.verifyJson ?? {};
      e.verifyJson = type.length
        ? { ...rest, stringRange: [Math.min(stringRange?.[0] ?? 0, type.length), type.length] }
        : rest;
    }
    elements.push(e);
  }
  return elements;
}
