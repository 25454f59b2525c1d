import { beforeAll, describe, expect, it } from 'vitest';
import { sheetOf } from '../../test/sheet.ts';
import { blankSheet, emptyPart, workbookParts, withSheet, type ZipPart, zipOf } from '../../test/zip-bomb.ts';
import { AppError } from './errors.ts';
import { checkXlsx, MAX_XLSX_ENTRIES, MAX_XLSX_INFLATED, MAX_XLSX_RATIO } from './xlsx-limits.ts';
import { sheetRows } from './xlsx-rows.ts';

const MB = 1024 * 1024;
let parts: ZipPart[];
let bomb: ZipPart;

beforeAll(async () => {
  parts = await workbookParts([
    ['a', 'b'],
    [1, 'x'],
  ]);
  bomb = await blankSheet(300 * MB);
});

/** The refusal's message key and parameters, or 'accepted'. */
async function verdict(file: Buffer) {
  try {
    await checkXlsx(file, 'entity.importFile');
    return 'accepted';
  } catch (error) {
    if (error instanceof AppError) {
      return { key: error.key, params: error.params };
    }
    throw error;
  }
}

const tooLarge = { key: 'xlsx.tooLarge', params: { limit: MAX_XLSX_INFLATED / MB } };
const unreadable = { key: 'entity.importFile', params: {} };

describe('xlsx unpacking limits', () => {
  it('accepts workbooks as exceljs writes them, and as the test rebuilds them', async () => {
    expect(await verdict(await sheetOf([['a'], ['b']]))).toBe('accepted');
    const rebuilt = zipOf(parts);
    expect(await verdict(rebuilt)).toBe('accepted');
    const rows = [];
    for await (const row of sheetRows(rebuilt, 'entity.importFile')) {
      rows.push(row.values.slice(1));
    }
    expect(rows).toEqual([
      ['a', 'b'],
      [1, 'x'],
    ]);
  });

  it('refuses a part declared larger than the limit without inflating it', async () => {
    expect(bomb.size).toBeGreaterThan(MAX_XLSX_INFLATED);
    expect(await verdict(zipOf(withSheet(parts, bomb)))).toEqual(tooLarge);
  });

  it('refuses parts whose declared sizes add up past the limit', async () => {
    const half = { ...bomb, size: 110 * MB, packed: Buffer.alloc(2 * MB) };
    const two = [...parts, { ...half, name: 'xl/media/a.bin' }, { ...half, name: 'xl/media/b.bin' }];
    expect(await verdict(zipOf(two))).toEqual(tooLarge);
  });

  it('refuses a part that inflates past its declared size, stopping at once', async () => {
    const lying = { ...bomb, size: 4096 };
    expect(await verdict(zipOf(withSheet(parts, lying)))).toEqual(tooLarge);
    // Cut in half, the packed bytes end in the middle of the stream: only an inflater that ran on past the
    // declared size would reach the cut and call the file unreadable.
    const cut = { ...lying, packed: bomb.packed.subarray(0, bomb.packed.length / 2) };
    expect(await verdict(zipOf(withSheet(parts, cut)))).toEqual(tooLarge);
  });

  it('refuses a part that packs better than the ratio allows', async () => {
    const dense = await blankSheet(20 * MB);
    expect(dense.size).toBeGreaterThan(dense.packed.length * MAX_XLSX_RATIO);
    expect(await verdict(zipOf(withSheet(parts, dense)))).toEqual({
      key: 'xlsx.ratio',
      params: { ratio: MAX_XLSX_RATIO },
    });
  });

  it('refuses too many parts before listing them', async () => {
    const many = Array.from({ length: MAX_XLSX_ENTRIES + 1 }, (_, i) => emptyPart(i));
    expect(await verdict(zipOf(many))).toEqual({ key: 'xlsx.entries', params: { max: MAX_XLSX_ENTRIES } });
  });

  it('refuses a part a streaming reader would meet but the central directory does not list', async () => {
    const hidden = { ...bomb, name: 'xl/worksheets/sheet2.xml', unlisted: true };
    expect(await verdict(zipOf([...parts, hidden]))).toEqual(unreadable);
  });

  it('refuses what is not a well-formed zip with the importer message', async () => {
    const good = zipOf(parts);
    const shorter = { ...parts[0]!, size: parts[0]!.size + 1 };
    for (const file of [
      Buffer.from('not a zip'),
      Buffer.alloc(0),
      good.subarray(0, good.length - 10),
      Buffer.concat([Buffer.from('prefix'), good]),
      zipOf([shorter, ...parts.slice(1)]),
      zipOf([{ ...parts[0]!, packed: Buffer.from('garbage that does not inflate') }, ...parts.slice(1)]),
    ]) {
      expect(await verdict(file)).toEqual(unreadable);
    }
  });
});
