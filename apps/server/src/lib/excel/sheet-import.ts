import type { MessageKey } from '@yuan/contract';
import type ExcelJS from 'exceljs';
import { AppError } from '../errors.ts';
import { cellText } from '../excel-cell.ts';
import { sheetRows } from '../xlsx-rows.ts';

/** One column of a sheet: the header texts that name it, and how its cells become the field's value. */
export interface ExcelColumn<V> {
  /** The texts a header cell may hold to name this column: [zh, en] for fixed sheets, a field's names for entities. */
  headers: readonly string[];
  /** A file whose header lacks this column is refused as no file of this kind. */
  required?: boolean;
  /** The cell as the field's value; `undefined` (or '') is an empty cell. */
  parse: (cell: ExcelJS.CellValue) => V | undefined;
  /** The column's width when written. */
  width?: number;
}

/** The columns of a sheet by field key, in the order they are written. */
export type ExcelColumns<R> = { [K in keyof R & string]: ExcelColumn<R[K]> };

export interface SheetSpec<R> {
  columns: ExcelColumns<R>;
  /** The refusal of a file that is no workbook, has no header, names no column or misses a required one. */
  fileMessage: MessageKey;
  /** Header cells compared without case (default: as written, trimmed). */
  ignoreCase?: boolean;
  /** A header cell naming no column: skipped, or refused with this message (`{ name }`). */
  unknownHeader?: MessageKey;
  /** The header is on line 1 (default), or is the first row that is not blank. */
  headerAt?: 'line1' | 'firstRow';
  /** Data rows (not blank) at most; one more is refused with `tooMany`, and the rest is not unpacked. */
  maxRows: number;
  tooMany: () => AppError;
}

/** One data row: its line in the sheet and the values of its filled cells by field key. */
export interface SheetLine<R> {
  line: number;
  cells: Partial<R>;
}

/** A column's cells as the text a person sees, trimmed. */
export const textCell = (cell: ExcelJS.CellValue): string => cellText(cell).trim();

/** A fixed column headed [zh, en], read as trimmed text. */
export function textColumn(
  zh: string,
  en: string,
  more: Partial<ExcelColumn<string>> = {},
): ExcelColumn<string> {
  return { headers: [zh, en], parse: textCell, ...more };
}

/** What is wrong with one cell or row; `rowsChecked` turns it into the importer's row message with the line. */
export class RowProblem extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

function headerOf<R>(spec: SheetSpec<R>, values: ExcelJS.CellValue[]): Map<number, keyof R & string> {
  const norm = (text: string) => (spec.ignoreCase ? text.toLowerCase() : text);
  const byText = new Map<string, keyof R & string>();
  for (const [key, column] of Object.entries(spec.columns) as [keyof R & string, ExcelColumn<unknown>][]) {
    for (const text of column.headers) {
      byText.set(norm(text), key);
    }
  }
  const header = new Map<number, keyof R & string>();
  values.forEach((value, col) => {
    const text = norm(cellText(value).trim());
    const key = byText.get(text);
    if (key !== undefined) {
      header.set(col, key);
    } else if (text !== '' && spec.unknownHeader) {
      throw new AppError(400, spec.unknownHeader, { name: text });
    }
  });
  const named = new Set(header.values());
  const missing = Object.entries(spec.columns).some(
    ([key, column]) => (column as ExcelColumn<unknown>).required && !named.has(key as keyof R & string),
  );
  if (header.size === 0 || missing) {
    throw new AppError(400, spec.fileMessage);
  }
  return header;
}

/**
 * The one way an uploaded sheet is imported: the file is held to the unpacking limits and streamed (`sheetRows`),
 * its header cells are matched to the declared columns, and each data row that is not blank comes out with its
 * line and the parsed values of its filled cells. Blank rows are skipped; a file with no header is refused.
 */
export async function* sheetLines<R>(file: Buffer, spec: SheetSpec<R>): AsyncGenerator<SheetLine<R>> {
  let header: Map<number, keyof R & string> | undefined;
  let count = 0;
  for await (const { line, values } of sheetRows(file, spec.fileMessage)) {
    if (!header) {
      if (line !== 1 && spec.headerAt !== 'firstRow') {
        break;
      }
      header = headerOf(spec, values);
      continue;
    }
    const cells: Partial<R> = {};
    let filled = false;
    for (const [col, key] of header) {
      const value = spec.columns[key].parse(values[col]);
      if (value !== undefined && value !== '') {
        cells[key] = value;
        filled = true;
      }
    }
    if (!filled) {
      continue;
    }
    count += 1;
    if (count > spec.maxRows) {
      throw spec.tooMany();
    }
    yield { line, cells };
  }
  if (!header) {
    throw new AppError(400, spec.fileMessage);
  }
}

/** Every data row of the sheet, read whole (the sheet is bounded by `maxRows`). */
export async function sheetAll<R>(file: Buffer, spec: SheetSpec<R>): Promise<SheetLine<R>[]> {
  const lines: SheetLine<R>[] = [];
  for await (const line of sheetLines(file, spec)) {
    lines.push(line);
  }
  return lines;
}

/**
 * Each row through `check`, all or nothing: the first `RowProblem` refuses the file with `rowMessage`
 * (`{ row, detail }`), naming the row's line in the sheet.
 */
export function rowsChecked<R, T>(
  lines: Iterable<SheetLine<R>>,
  rowMessage: MessageKey,
  check: (line: SheetLine<R>) => T,
): T[] {
  const out: T[] = [];
  for (const line of lines) {
    out.push(rowChecked(line, rowMessage, check));
  }
  return out;
}

/** One row through `check`; a `RowProblem` becomes `rowMessage` with the row's line. */
export function rowChecked<R, T>(
  line: SheetLine<R>,
  rowMessage: MessageKey,
  check: (line: SheetLine<R>) => T,
): T {
  try {
    return check(line);
  } catch (error) {
    if (error instanceof RowProblem) {
      throw new AppError(400, rowMessage, { row: line.line, detail: error.detail });
    }
    throw error;
  }
}
