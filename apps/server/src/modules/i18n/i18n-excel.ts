import type { Language } from '@yuan/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors.ts';
import { cellText } from '../../lib/excel-cell.ts';
import { sheetRows } from '../../lib/xlsx-rows.ts';

const KEY = ['文本键', 'Key'] as const;
const TEXT = ['文本', 'Text'] as const;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
const TEXT_MAX = 4_000;
/** As many rows as a language's texts may hold (listByLanguage answers at most 20,000). */
const MAX_ROWS = 20_000;

/** A language's texts as a sheet: key and text columns, headed in the caller's language. */
export async function textsWorkbook(texts: Record<string, string>, language: string, lang: Language) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(language);
  const at = lang === 'en' ? 1 : 0;
  sheet.columns = [
    { header: KEY[at], key: 'key', width: 40 },
    { header: TEXT[at], key: 'text', width: 80 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const [key, text] of Object.entries(texts)) {
    sheet.addRow({ key, text });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The texts of an uploaded sheet, all or nothing: a file that is not a sheet with both columns, or one bad row
 * (key format, text length, a key twice), is refused with the row's number, so nothing half-imports.
 */
export async function parseTextsWorkbook(file: Buffer, lang: Language): Promise<Record<string, string>> {
  const at = lang === 'en' ? 1 : 0;
  let keyColumn = 0;
  let textColumn = 0;
  const texts: Record<string, string> = {};
  for await (const { line, values } of sheetRows(file, 'i18n.excelFile')) {
    if (line === 1) {
      values.forEach((value, column) => {
        const title = cellText(value).trim();
        if ((KEY as readonly string[]).includes(title)) {
          keyColumn = column;
        } else if ((TEXT as readonly string[]).includes(title)) {
          textColumn = column;
        }
      });
    }
    if (keyColumn === 0 || textColumn === 0) {
      throw new AppError(400, 'i18n.excelFile');
    }
    if (line === 1) {
      continue;
    }
    const wrong = (detail: string) => new AppError(400, 'i18n.excelRow', { row: line, detail });
    if (line - 1 > MAX_ROWS) {
      throw new AppError(400, 'i18n.excelRow', { row: MAX_ROWS + 2, detail: `≤ ${MAX_ROWS}` });
    }
    const key = cellText(values[keyColumn]).trim();
    const text = cellText(values[textColumn]);
    if (key === '' && text.trim() === '') {
      continue;
    }
    if (!KEY_PATTERN.test(key)) {
      throw wrong(key === '' ? KEY[at] : `${KEY[at]} ${key.slice(0, 60)}`);
    }
    if (text.length > TEXT_MAX || text.trim() === '') {
      throw wrong(`${TEXT[at]} (1-${TEXT_MAX})`);
    }
    if (Object.hasOwn(texts, key)) {
      throw wrong(`${KEY[at]} ${key} ×2`);
    }
    texts[key] = text;
  }
  if (keyColumn === 0 || textColumn === 0) {
    throw new AppError(400, 'i18n.excelFile');
  }
  return texts;
}
