import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { uploadFile } from '../../../test/upload.ts';
import { i18nModule } from './index.ts';

const BASE = '/api/yuan-api/i18n';
const { t, tokens } = twoTenantApp(() => ({}), [i18nModule]);

async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('en');
  for (const row of rows) {
    ws.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('language texts as Excel', () => {
  it('exports a language as a sheet that reads back as the same texts', async () => {
    for (const [key, text] of [
      ['menuName.wallet', 'My wallet'],
      ['dictLabel.sex.1', 'Male'],
    ]) {
      const made = await t.call(
        'GET',
        `${BASE}/create?${new URLSearchParams({ i18nKey: key, language: 'en', i18nText: text })}`,
        tokens.a,
      );
      expect(made.statusCode, made.body).toBe(200);
    }
    const exported = await t.call('GET', `${BASE}/export-excel?language=en`, tokens.a);
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    expect(exported.headers['content-disposition']).toContain('i18n-en.xlsx');
    const parsed = await uploadFile(t, `${BASE}/parse-excel`, tokens.a, 'en.xlsx', exported.rawPayload);
    expect(parsed.statusCode, parsed.body).toBe(200);
    expect(parsed.json().data.texts).toEqual({ 'dictLabel.sex.1': 'Male', 'menuName.wallet': 'My wallet' });
    // Another tenant's sheet of the same language is its own (empty).
    const other = await t.call('GET', `${BASE}/export-excel?language=en`, tokens.b);
    const otherParsed = await uploadFile(t, `${BASE}/parse-excel`, tokens.b, 'en.xlsx', other.rawPayload);
    expect(otherParsed.json().data.texts).toEqual({});
  });

  it('reads English or Chinese headers in any column order and skips empty rows', async () => {
    const file = await sheet([['Text', 'Key'], ['Hello', 'layout.home'], [], ['你好', 'layout.hello']]);
    const parsed = await uploadFile(t, `${BASE}/parse-excel`, tokens.a, 'x.xlsx', file);
    expect(parsed.json().data.texts).toEqual({ 'layout.home': 'Hello', 'layout.hello': '你好' });
  });

  it('refuses a file that is not a text sheet, and names the first bad row', async () => {
    const notExcel = await uploadFile(t, `${BASE}/parse-excel`, tokens.a, 'x.xlsx', Buffer.from('not a zip'));
    expect(notExcel.statusCode).toBe(400);
    expect(notExcel.json().msg).toContain('文本键');
    const noColumns = await uploadFile(
      t,
      `${BASE}/parse-excel`,
      tokens.a,
      'x.xlsx',
      await sheet([['a', 'b']]),
    );
    expect(noColumns.statusCode).toBe(400);
    for (const [rows, row] of [
      [
        [
          ['文本键', '文本'],
          ['ok.key', 'ok'],
          ["bad key'; drop", 'x'],
        ],
        3,
      ],
      [
        [
          ['文本键', '文本'],
          ['ok.key', 'ok'],
          ['ok.key', 'again'],
        ],
        3,
      ],
      [
        [
          ['文本键', '文本'],
          ['long.key', 'x'.repeat(4_001)],
        ],
        2,
      ],
      [
        [
          ['文本键', '文本'],
          ['empty.text', ''],
        ],
        2,
      ],
    ] as const) {
      const answer = await uploadFile(
        t,
        `${BASE}/parse-excel`,
        tokens.a,
        'x.xlsx',
        await sheet(rows.map((r) => [...r])),
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json().msg).toContain(`第${row}行`);
    }
  });

  it('needs the texts menu to export and its add button to read a sheet', async () => {
    expect((await t.call('GET', `${BASE}/export-excel?language=en`, tokens.noPerm)).statusCode).toBe(403);
    const file = await sheet([['Key', 'Text']]);
    expect((await uploadFile(t, `${BASE}/parse-excel`, tokens.noPerm, 'x.xlsx', file)).statusCode).toBe(403);
    expect((await t.call('GET', `${BASE}/export-excel?language=e'n`, tokens.a)).statusCode).toBe(400);
  });
});
