import type { Language } from '@yuan/contract';
import ExcelJS from 'exceljs';
import type { ExcelColumns } from './sheet-import.ts';

/**
 * A workbook of one sheet whose columns are the same declared columns the importer reads, headed in the caller's
 * language (a column's headers are [zh, en]), header row bold: what is exported or given as a template reads back.
 */
export async function sheetWorkbook<R>(
  name: string,
  columns: ExcelColumns<R>,
  lang: Language,
  rows: Iterable<Partial<Record<keyof R & string, unknown>>> = [],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(name);
  const at = lang === 'en' ? 1 : 0;
  sheet.columns = Object.entries(columns).map(([key, column]) => {
    const { headers, width } = column as { headers: readonly string[]; width?: number };
    return { header: headers[at] ?? headers[0], key, width };
  });
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
