import { Readable } from 'node:stream';
import type { MessageKey } from '@yuan/contract';
import ExcelJS from 'exceljs';
import { AppError } from './errors.ts';
import { checkXlsx } from './xlsx-limits.ts';

export interface SheetRow {
  /** The row's number in the sheet (1 is the first row); blank rows are skipped, so numbers may jump. */
  line: number;
  /** Cell values by column number (1-based; empty cells are holes). */
  values: ExcelJS.CellValue[];
}

/**
 * exceljs's streaming reader now and then fails to start a sheet it has already seen: it parses the workbook part,
 * which writers put last, after the zip stream ended, and sometimes finds it unread (about one read in a thousand on
 * a busy machine). The file itself has been checked whole by then, so such a start is tried again.
 */
const STARTS = 3;

/** The first sheet's rows as exceljs streams them. */
async function* firstSheet(file: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      yield { line: row.number, values: row.values as ExcelJS.CellValue[] };
    }
    // The first sheet only.
    return;
  }
}

/**
 * The one way an uploaded workbook is read: the file is first held to the unpacking limits (xlsx-limits), then
 * the first sheet is streamed row by row, so neither a bomb nor an honest large sheet is ever whole in memory.
 * A file exceljs cannot read is refused with `unreadable`, the importer's own message.
 */
export async function* sheetRows(file: Buffer, unreadable: MessageKey): AsyncGenerator<SheetRow> {
  await checkXlsx(file, unreadable);
  for (let start = 1; ; start++) {
    let rows = 0;
    try {
      for await (const row of firstSheet(file)) {
        rows += 1;
        yield row;
      }
      return;
    } catch {
      // Only a read that gave nothing yet can start again without giving a row twice.
      if (rows > 0 || start === STARTS) {
        throw new AppError(400, unreadable);
      }
    }
  }
}
