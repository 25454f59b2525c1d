import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refsOf, twoTenants } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { uploadFile } from '../../../test/upload.ts';
import { userModule } from './index.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof twoTenants>>;
let deptName: string;
beforeAll(async () => {
  t = await createTestApp({}, [userModule]);
  tokens = await twoTenants(t);
  const refs = await refsOf(t, '000000');
  deptName = (
    await t.database.root
      .selectFrom('yuan_dept')
      .select('dept_name')
      .where('id', '=', refs.deptId!)
      .executeTakeFirstOrThrow()
  ).dept_name;
});
afterAll(() => t.close());

async function xlsx(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('用户');
  for (const row of rows) {
    ws.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function upload(file: Buffer, query = '', token = tokens.a) {
  return uploadFile(t, `/api/yuan-user/import-user${query}`, token, 'users.xlsx', file);
}

const HEADER = [
  '登录账号',
  '用户昵称',
  '用户姓名',
  '电子邮箱',
  '手机号码',
  '角色别名',
  '部门名称',
  '岗位编号',
];
const count = async () =>
  Number(
    (
      await t.database.root
        .selectFrom('yuan_user')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', '000000')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('user Excel import and export', () => {
  it('serves the template with the column headers', async () => {
    const res = await t.call('GET', '/api/yuan-user/export-template', tokens.a);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);
  });

  it('imports all rows or none, updates only when asked, and the users can sign in', async () => {
    await t.call('POST', '/api/yuan-system/param/submit', tokens.a, {
      paramName: 'init',
      paramKey: 'account.initPassword',
      paramValue: 'Start@2026',
    });
    const good = await xlsx([
      HEADER,
      ['zhang', '小张', '张三', 'z@example.com', '13800000000', 'administrator', deptName, 'ceo'],
      ['li', '', '李四', '', '', '', '', ''],
    ]);
    const res = await upload(good);
    expect(res.json()).toMatchObject({ success: true, data: 2 });
    expect((await t.login({ username: 'zhang', password: 'Start@2026', ip: '10.3.3.1' })).role_name).toBe(
      'administrator',
    );

    const before = await count();
    const again = await upload(good);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('第2行数据有误: account: zhang');
    const bad = await upload(
      await xlsx([
        HEADER,
        ['wang', '', '王五', '', '', '', '', ''],
        ['zhao', '', '赵六', '', '', 'no-such-role', '', ''],
      ]),
    );
    expect(bad.json().msg).toBe('第3行数据有误: role: no-such-role');
    expect(await count()).toBe(before);

    const covered = await upload(
      await xlsx([HEADER, ['li', '', '李四四', '', '', '', '', '']]),
      '?isCovered=1',
    );
    expect(covered.statusCode).toBe(200);
    const li = await t.database.root
      .selectFrom('yuan_user')
      .select('real_name')
      .where('account', '=', 'li')
      .executeTakeFirstOrThrow();
    expect(li.real_name).toBe('李四四');
  });

  it('refuses files that are not sheets, and callers without the button', async () => {
    expect((await upload(Buffer.from('not a spreadsheet'))).json().msg).toBe('文件不是有效的用户导入表格');
    expect((await upload(await xlsx([['x', 'y']]))).statusCode).toBe(400);
    expect(
      (await upload(await xlsx([HEADER, ['a', '', 'A', '', '', '', '', '']]), '', tokens.noPerm)).statusCode,
    ).toBe(403);
    const notMultipart = await t.call('POST', '/api/yuan-user/import-user', tokens.a, {});
    expect(notMultipart.statusCode).toBe(400);
  });

  it("exports the tenant's users with role aliases and department names", async () => {
    const res = await t.call('GET', '/api/yuan-user/export-user?account=zhang', tokens.a);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(['zhang', '张三', 'administrator', deptName, 'ceo']));
    const b = await t.call('GET', '/api/yuan-user/export-user?account=zhang', tokens.b);
    const bBook = new ExcelJS.Workbook();
    await bBook.xlsx.load(b.rawPayload as unknown as ArrayBuffer);
    expect(bBook.worksheets[0]!.rowCount).toBe(1);
  });
});
