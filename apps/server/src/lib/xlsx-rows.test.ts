import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sheetOf } from '../../test/sheet.ts';
import { sheetRows } from './xlsx-rows.ts';

async function lines(file: Buffer): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const row of sheetRows(file, 'user.importFile')) {
    out.push(row.values.slice(1));
  }
  return out;
}

/** exceljs's reader failing the way it sometimes does on its own: `failures` starts, before or after a row. */
function failingStarts(failures: number, afterRows: number) {
  const Real = ExcelJS.stream.xlsx.WorkbookReader;
  let left = failures;
  return vi.spyOn(ExcelJS.stream.xlsx, 'WorkbookReader').mockImplementation(function (
    this: unknown,
    ...args: ConstructorParameters<typeof Real>
  ) {
    const reader = new Real(...args);
    if (left <= 0) {
      return reader;
    }
    left -= 1;
    return {
      async *[Symbol.asyncIterator]() {
        for await (const sheet of reader) {
          let given = 0;
          yield {
            async *[Symbol.asyncIterator]() {
              for await (const row of sheet) {
                if (given === afterRows) {
                  throw new TypeError("Cannot read properties of undefined (reading 'sheets')");
                }
                given += 1;
                yield row;
              }
            },
          };
          return;
        }
      },
    } as unknown as InstanceType<typeof Real>;
  } as unknown as typeof Real);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading an uploaded sheet', () => {
  it('reads the first sheet row by row', async () => {
    expect(
      await lines(
        await sheetOf([
          ['a', 'b'],
          ['1', '2'],
        ]),
      ),
    ).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('starts again when the reader fails before giving a row, and gives each row once', async () => {
    const file = await sheetOf([['a'], ['1'], ['2']]);
    const spy = failingStarts(2, 0);
    expect(await lines(file)).toEqual([['a'], ['1'], ['2']]);
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('refuses the file as unreadable when every start fails, or a failure comes after a row', async () => {
    const file = await sheetOf([['a'], ['1']]);
    failingStarts(3, 0);
    await expect(lines(file)).rejects.toMatchObject({ status: 400, key: 'user.importFile' });
    vi.restoreAllMocks();
    const spy = failingStarts(1, 1);
    await expect(lines(file)).rejects.toMatchObject({ status: 400, key: 'user.importFile' });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
