import { describe, expect, it } from 'vitest';
import { sheetOf } from '../../../test/sheet.ts';
import { AppError } from '../errors.ts';
import { sheetWorkbook } from './sheet-export.ts';
import { RowProblem, rowsChecked, type SheetSpec, sheetAll, textColumn, textCell } from './sheet-import.ts';

type Person = { account: string; age: number; note: string };

const spec: SheetSpec<Person> = {
  columns: {
    account: textColumn('账号', 'Account', { required: true }),
    age: {
      headers: ['年龄', 'Age'],
      parse: (cell) => {
        const text = textCell(cell);
        return text === '' ? undefined : Number(text);
      },
    },
    note: textColumn('备注', 'Note'),
  },
  fileMessage: 'user.importFile',
  maxRows: 3,
  tooMany: () => new AppError(400, 'user.importEmpty', { max: 3 }),
};

/** The refusal's message key and parameters. */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) {
      return { key: error.key, params: error.params };
    }
    throw error;
  }
  return 'accepted';
}

describe('sheet importer', () => {
  it('maps headers in either language and any order to fields, skipping blank rows and unknown columns', async () => {
    const file = await sheetOf([
      ['Note', '其他', '账号', 'Age'],
      ['hi', 'x', ' ann ', 30],
      [],
      [null, 'y', 'bob'],
    ]);
    expect(await sheetAll(file, spec)).toEqual([
      { line: 2, cells: { note: 'hi', account: 'ann', age: 30 } },
      { line: 4, cells: { account: 'bob' } },
    ]);
  });

  it('refuses a file that is no sheet, has no header on line 1, or lacks a required column', async () => {
    const expected = { key: 'user.importFile', params: {} };
    expect(await refusal(sheetAll(Buffer.from('not a zip'), spec))).toMatchObject({ key: 'user.importFile' });
    expect(await refusal(sheetAll(await sheetOf([[], ['账号'], ['ann']]), spec))).toEqual(expected);
    expect(
      await refusal(
        sheetAll(
          await sheetOf([
            ['备注', 'Age'],
            ['x', 1],
          ]),
          spec,
        ),
      ),
    ).toEqual(expected);
    expect(await refusal(sheetAll(await sheetOf([]), spec))).toEqual(expected);
  });

  it('takes the first row as header when asked, matches without case and refuses an unknown header', async () => {
    const loose = {
      ...spec,
      headerAt: 'firstRow',
      ignoreCase: true,
      unknownHeader: 'entity.importHeader',
    } as const;
    expect(await sheetAll(await sheetOf([[], ['ACCOUNT'], ['ann']]), loose)).toEqual([
      { line: 3, cells: { account: 'ann' } },
    ]);
    expect(
      await refusal(
        sheetAll(
          await sheetOf([
            ['account', 'Colour'],
            ['ann', 'red'],
          ]),
          loose,
        ),
      ),
    ).toEqual({
      key: 'entity.importHeader',
      params: { name: 'colour' },
    });
  });

  it('refuses more data rows than the bound', async () => {
    const rows = [['账号'], ['a'], ['b'], ['c']];
    expect(await sheetAll(await sheetOf(rows), spec)).toHaveLength(3);
    expect(await refusal(sheetAll(await sheetOf([...rows, ['d']]), spec))).toEqual({
      key: 'user.importEmpty',
      params: { max: 3 },
    });
  });

  it("names the first bad row's line and the detail, and checks nothing after it", async () => {
    const lines = await sheetAll(
      await sheetOf([['账号', '年龄'], ['ann', 30], [], ['bob', 'old'], ['cy', 'x']]),
      spec,
    );
    const checked: string[] = [];
    const check = ({ cells }: { cells: Partial<Person> }) => {
      checked.push(cells.account ?? '');
      if (Number.isNaN(cells.age)) {
        throw new RowProblem(`age: ${cells.account}`);
      }
      return cells.account;
    };
    expect(await refusal(Promise.resolve().then(() => rowsChecked(lines, 'user.importRow', check)))).toEqual({
      key: 'user.importRow',
      params: { row: 4, detail: 'age: bob' },
    });
    expect(checked).toEqual(['ann', 'bob']);
    expect(rowsChecked(lines.slice(0, 1), 'user.importRow', check)).toEqual(['ann']);
  });

  it('writes a sheet of the same columns, headed in the caller language, that reads back', async () => {
    const rows = [{ account: 'ann', age: 30, note: '你好' }, { account: 'bob' }];
    for (const lang of ['zh', 'en'] as const) {
      const file = await sheetWorkbook('people', spec.columns, lang, rows);
      const read = await sheetAll(file, spec);
      expect(read.map((r) => r.cells)).toEqual(rows);
    }
  });
});
