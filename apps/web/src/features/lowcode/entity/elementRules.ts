import { DATA_TYPES, type DataType, type Element, type VerifyJson } from '@yuan/contract/lowcode/entity';

/** One row of the editor's field list: the bounds as two numbers, turned into verifyJson on save. */
export interface FieldRow {
  id?: string;
  eleNo: string;
  eleName: string;
  dataTyp: DataType;
  required?: boolean;
  min?: number | null;
  max?: number | null;
  unique?: boolean;
  defNo?: string;
  /** A business dictionary whose keys are the field's values. */
  dictCode?: string;
  /** The entity whose rows the field points at. */
  refEntId?: string;
}

const TEXTUAL: readonly DataType[] = ['string', 'text'];
const NUMERIC: readonly DataType[] = ['int', 'decimal'];

/** Whether a type has bounds at all: a length for text, a value for numbers. */
export function hasBounds(dataTyp: DataType | undefined): boolean {
  return dataTyp !== undefined && (TEXTUAL.includes(dataTyp) || NUMERIC.includes(dataTyp));
}

/** The bounds mean a length for text and a value for numbers; other types have none. */
export function toVerifyJson(row: FieldRow): VerifyJson {
  const v: VerifyJson = {};
  if (row.required) {
    v.required = true;
  }
  const has = (n: number | null | undefined): n is number => typeof n === 'number';
  if ((has(row.min) || has(row.max)) && (TEXTUAL.includes(row.dataTyp) || NUMERIC.includes(row.dataTyp))) {
    const range: [number, number] = TEXTUAL.includes(row.dataTyp)
      ? [row.min ?? 0, row.max ?? (row.dataTyp === 'text' ? 20_000 : 255)]
      : [row.min ?? -2_147_483_648, row.max ?? 2_147_483_647];
    if (TEXTUAL.includes(row.dataTyp)) {
      v.stringRange = range;
    } else {
      v.numberBetween = range;
    }
  }
  return v;
}

export function toFieldRow(e: Element): FieldRow {
  const range = e.verifyJson?.stringRange ?? e.verifyJson?.numberBetween;
  return {
    id: e.id,
    eleNo: e.eleNo,
    eleName: e.eleName,
    dataTyp: e.dataTyp,
    required: e.verifyJson?.required === true,
    min: range?.[0] ?? null,
    max: range?.[1] ?? null,
    unique: e.unique,
    defNo: e.defNo || undefined,
    dictCode: e.dictCode || undefined,
    refEntId: e.refEntId || undefined,
  };
}

/** The save body's elements, in the order shown. */
export function toElements(rows: FieldRow[]) {
  return rows.map((row, sort) => ({
    ...(row.id ? { id: row.id } : {}),
    eleNo: row.eleNo,
    eleName: row.eleName,
    dataTyp: row.dataTyp,
    verifyJson: toVerifyJson(row),
    unique: row.unique === true,
    ...(row.defNo ? { defNo: row.defNo } : {}),
    ...(row.dictCode ? { dictCode: row.dictCode } : {}),
    ...(row.refEntId ? { refEntId: row.refEntId } : {}),
    sort,
  }));
}

/** What choosing an element definition puts into a row: its type and its validation (the codes stay the row's). */
export function fromDefinition(def: {
  dataTyp: string;
  verifyJson: VerifyJson | null;
  dictCode?: string | null;
}): Pick<FieldRow, 'dataTyp' | 'required' | 'min' | 'max' | 'dictCode'> {
  const dataTyp = (DATA_TYPES as readonly string[]).includes(def.dataTyp)
    ? (def.dataTyp as DataType)
    : 'string';
  const v = def.verifyJson ?? {};
  const range = TEXTUAL.includes(dataTyp)
    ? v.stringRange
    : NUMERIC.includes(dataTyp)
      ? v.numberBetween
      : null;
  return {
    dataTyp,
    required: v.required === true,
    min: range?.[0] ?? null,
    max: range?.[1] ?? null,
    dictCode: def.dictCode || undefined,
  };
}

/** A field chosen by its code (the hierarchy field) keeps pointing at the same element when that code is renamed. */
export function followRename(code: string | undefined, before: readonly Element[], rows: FieldRow[]): string {
  if (!code) {
    return '';
  }
  const id = before.find((e) => e.eleNo === code)?.id;
  const renamed = id ? rows.find((row) => row.id === id)?.eleNo : undefined;
  return renamed ?? code;
}
