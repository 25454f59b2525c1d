import { PROGRESS_STREAM_TYPE } from '@yuan/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { sheetOf } from '../../../../test/sheet.ts';
import { uploadFile } from '../../../../test/upload.ts';
import { lowcodeModule } from '../index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule]);
const API = '/api/yuan-api';
let entId = '';

const importFile = (file: Buffer, mode = '', headers: Record<string, string> = {}) =>
  uploadFile(
    t,
    `${API}/dtentity/entExcelParseSave?entId=${entId}${mode ? `&mode=${mode}` : ''}`,
    tokens.a,
    'x.xlsx',
    file,
    headers,
  );
/** The lines of a streamed answer, parsed. */
const lines = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const streamed = { accept: PROGRESS_STREAM_TYPE };
const total = async () =>
  (await t.call('GET', `${API}/dtentity/queryDataByFields?entId=${entId}`, tokens.a)).json().data
    .total as number;

beforeAll(async () => {
  const saved = await t.call('POST', `${API}/dtentity/saveOrUpdate`, tokens.a, {
    entNo: 'product',
    entName: '产品',
    elements: [
      { eleNo: 'name', eleName: '名称', dataTyp: 'string', verifyJson: { required: true }, unique: true },
      { eleNo: 'qty', eleName: '数量', dataTyp: 'int', verifyJson: { numberBetween: [0, 100] } },
    ],
  });
  entId = saved.json().data.id;
  await t.call('POST', `${API}/dtentity/syncEntityDataBaseTable`, tokens.a, { id: entId, apply: true });
  await t.call('POST', `${API}/dtentity/saveOrUpdateData`, tokens.a, { entId, data: { name: 'Existing' } });
});

describe('entity Excel', () => {
  const sheet = [
    ['名称', 'qty'],
    ['Apple', 5],
    ['', 3],
    ['Pear', 500],
    ['Apple', 1],
    ['Existing', 2],
    ['Plum', 7],
  ];

  it('refuses the whole file by default, reporting every bad row by number with its reasons', async () => {
    const res = await importFile(await sheetOf(sheet));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('导入失败：4行数据有误，未保存任何数据');
    expect(res.json().data.refused).toEqual([
      { row: 3, reasons: ['名称必须填写'] },
      { row: 4, reasons: ['数量必须在0到100之间'] },
      { row: 5, reasons: ['名称“Apple”已存在'] },
      { row: 6, reasons: ['名称“Existing”已存在'] },
    ]);
    expect(await total()).toBe(1);
  });

  it('takes back the batches already written when a later row is refused', async () => {
    const many = [
      ['名称', '数量'],
      ...Array.from({ length: 1_200 }, (_, i) => [`bulk-${i}`, i % 100]),
      ['', 1],
    ];
    const res = await importFile(await sheetOf(many));
    expect(res.json().data).toMatchObject({ total: 1_201, saved: 0, refused: [{ row: 1_202 }] });
    expect(await total()).toBe(1);
  });

  it('refuses the file by the rule’s name, keeping nothing, when the database refuses a batch', async () => {
    // A rule the definition does not know (a table changed outside the product): only the insert finds it.
    const table = sql.table(`yuan_ent_${entId}`);
    await sql`ALTER TABLE ${table} ADD CONSTRAINT qty_not_42 CHECK (qty <> 42)`.execute(t.database.root);
    try {
      const many = [
        ['名称', '数量'],
        ...Array.from({ length: 4_500 }, (_, i) => [`late-${i}`, i === 10 ? 42 : i % 40]),
      ];
      const before = await total();
      const res = await importFile(await sheetOf(many));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('数据不符合数据表的约束：qty_not_42');
      expect(await total()).toBe(before);
    } finally {
      await sql`ALTER TABLE ${table} DROP CONSTRAINT qty_not_42`.execute(t.database.root);
    }
  });

  it('saves the valid rows in valid-only mode', async () => {
    const res = await importFile(await sheetOf(sheet), 'valid-only');
    expect(res.json()).toMatchObject({
      success: true,
      msg: '导入完成：保存2行，跳过4行',
      data: { saved: 2 },
    });
    expect(await total()).toBe(3);
  });

  it('refuses a file that is not a sheet, or whose header names no field', async () => {
    expect((await importFile(Buffer.from('not a zip'))).json().msg).toBe(
      '文件不是有效的Excel表格（.xlsx），或第一行没有与字段对应的表头',
    );
    expect(
      (
        await importFile(
          await sheetOf([
            ['名称', 'colour'],
            ['x', 'red'],
          ]),
        )
      ).json().msg,
    ).toBe('表头“colour”不是该实体的字段');
    expect(await total()).toBe(3);
  });

  it('exports the filtered rows with formulas neutralised', async () => {
    await t.call('POST', `${API}/dtentity/saveOrUpdateData`, tokens.a, {
      entId,
      data: { name: '=HYPERLINK("x")' },
    });
    const res = await t.call('GET', `${API}/dtentity/exportEntity?entId=${entId}&name=HYPER`, tokens.a);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, '名称', '数量']);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe('\'=HYPERLINK("x")');
    // Refusals come before the file, as envelopes.
    const wrong = await t.call('GET', `${API}/dtentity/exportEntity?entId=${entId}&qty=lots`, tokens.a);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false });
    const absent = await t.call('GET', `${API}/dtentity/exportEntity?entId=${entId}`, tokens.b);
    expect(absent.statusCode).toBe(404);
  });

  it('streams progress lines before the envelope to a caller that accepts them', async () => {
    const before = await total();
    const rows = [['名称'], ...Array.from({ length: 4_100 }, (_, i) => [`stream-${i}`])];
    const res = await importFile(await sheetOf(rows), 'valid-only', streamed);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(PROGRESS_STREAM_TYPE);
    const answer = lines(res.body);
    expect(answer.slice(0, -1)).toEqual([
      { progress: { read: 2_000, saved: 0, refused: 0 } },
      { progress: { read: 4_000, saved: 2_000, refused: 0 } },
    ]);
    expect(answer.at(-1)).toMatchObject({ code: 200, success: true, data: { total: 4_100, saved: 4_100 } });
    expect(await total()).toBe(before + 4_100);
  });

  it('ends a streamed refusal with the failure envelope and its report, saving nothing', async () => {
    const before = await total();
    const rows = [
      ['名称', '数量'],
      ['late-1', 1],
      ['late-2', 999],
    ];
    const answer = lines((await importFile(await sheetOf(rows), '', streamed)).body);
    expect(answer).toEqual([
      {
        code: 400,
        success: false,
        msg: '导入失败：1行数据有误，未保存任何数据',
        data: expect.objectContaining({ saved: 0, refused: [{ row: 3, reasons: ['数量必须在0到100之间'] }] }),
      },
    ]);
    const wrong = lines((await importFile(Buffer.from('not a zip'), '', streamed)).body);
    expect(wrong).toEqual([expect.objectContaining({ code: 400, success: false })]);
    expect(await total()).toBe(before);
  });

  it('leaves a large import with fresh planner statistics, so reads by key keep their index', async () => {
    const many = [['名称', '数量'], ...Array.from({ length: 1_500 }, (_, i) => [`stat-${i}`, i % 100])];
    const before = await total();
    const res = await importFile(await sheetOf(many), 'valid-only');
    expect(res.json().data).toMatchObject({ saved: 1_500 });
    const { rows } = await sql<{ tuples: number }>`SELECT reltuples::int AS tuples FROM pg_class
      WHERE relname = ${`yuan_ent_${entId}`}`.execute(t.database.root);
    // Analyzed before the import committed: the planner knows the rows (an unanalyzed table reads as -1 or empty).
    expect(rows[0]?.tuples).toBeGreaterThanOrEqual(before + 1_500);
    expect(await total()).toBe(before + 1_500);
  });
});
