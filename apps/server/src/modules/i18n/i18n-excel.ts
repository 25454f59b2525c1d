import type { Language } from '@yuan/contract';
import { AppError } from '../../lib/errors.ts';
import { cellText } from '../../lib/excel-cell.ts';
import { sheetWorkbook } from '../../lib/excel/sheet-export.ts';
import {
  rowChecked,
  RowProblem,
  type SheetSpec,
  sheetLines,
  textCell,
} from '../../lib/excel/sheet-import.ts';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
const TEXT_MAX = 4_000;
/** As many rows as a language's texts may hold (listByLanguage answers at most 20,000). */
const MAX_ROWS = 20_000;

type TextRow = { key: string; text: string };

/** Both columns are needed, in any order, headed in either language. */
const SHEET: SheetSpec<TextRow> = {
  columns: {
    key: { headers: ['文本键', 'Key'], required: true, parse: textCell, width: 40 },
    // The text as written (its spaces kept); a cell of spaces alone counts as empty.
    text: {
      headers: ['文本', 'Text'],
      required: true,
      parse: (cell) => {
        const text = cellText(cell);
        return text.trim() === '' ? undefined : text;
      },
      width: 80,
    },
  },
  fileMessage: 'i18n.excelFile',
  maxRows: MAX_ROWS,
  tooMany: () => new AppError(400, 'i18n.excelRow', { row: MAX_ROWS + 2, detail: `≤ ${MAX_ROWS}` }),
};

/** A language's texts as a sheet: key and text columns, headed in the caller's language. */
export async function textsWorkbook(texts: Record<string, string>, language: string, lang: Language) {
  return sheetWorkbook(
    language,
    SHEET.columns,
    lang,
    Object.entries(texts).map(([key, text]) => ({ key, text })),
  );
}

/**
 * The texts of an uploaded sheet, all or nothing: a file that is not a sheet with both columns, or one bad row
 * (key format, text length, a key twice), is refused with the row's number, so nothing half-imports.
 */
export async function parseTextsWorkbook(file: Buffer, lang: Language): Promise<Record<string, string>> {
  const at = lang === 'en' ? 1 : 0;
  const KEY = SHEET.columns.key.headers[at];
  const TEXT = SHEET.columns.text.headers[at];
  const texts: Record<string, string> = {};
  for await (const row of sheetLines(file, SHEET)) {
    rowChecked(row, 'i18n.excelRow', ({ cells }) => {
      const key = cells.key ?? '';
      const text = cells.text ?? '';
      if (!KEY_PATTERN.test(key)) {
        throw new RowProblem(key === '' ? KEY : `${KEY} ${key.slice(0, 60)}`);
      }
      if (text.length > TEXT_MAX || text.trim() === '') {
        throw new RowProblem(`${TEXT} (1-${TEXT_MAX})`);
      }
      if (Object.hasOwn(texts, key)) {
        throw new RowProblem(`${KEY} ${key} ×2`);
      }
      texts[key] = text;
    });
  }
  return texts;
}
