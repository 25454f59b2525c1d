import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../test/api-calls.ts';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { sheetOf } from '../../../test/sheet.ts';
import { uploadFile } from '../../../test/upload.ts';
import { walletModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [walletModule]);
const API = '/api/yuan-api';
const { call, data } = apiCalls(t, API, () => tokens.a);
const get = (url: string, token = tokens.a) => t.call('GET', `${API}${url}`, token);
const ALICE = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('payees: the payee grid of each user', { timeout: 90_000 }, () => {
  let aliceId = '';

  it('adds and finds the caller’s own payees, addresses checked and kept checksummed', async () => {
    const alice = await data('/clientApp/addNewPayee', {
      name: 'Alice',
      address: ALICE.toLowerCase(),
      remark: '房东',
    });
    aliceId = alice.id;
    expect(alice).toMatchObject({ name: 'Alice', address: ALICE, remark: '房东' });
    await data('/clientApp/addNewPayee', {
      name: 'Bob',
      address: '0x000000000000000000000000000000000000dEaD',
    });
    expect(
      (await data('/clientApp/searchPayeeList', {})).map((p: { name: string }) => p.name).sort(),
    ).toEqual(['Alice', 'Bob']);
    expect(
      (await data('/clientApp/searchPayeeList', { name: 'ali' })).map((p: { id: string }) => p.id),
    ).toEqual([aliceId]);
    const bad = await call('/clientApp/addNewPayee', { name: 'X', address: '0x1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('请输入正确的钱包地址');
    // Another user of the tenant keeps their own list.
    expect(await data('/clientApp/searchPayeeList', {}, tokens.noPerm)).toEqual([]);
  });

  it('serves the payee grid: its configuration, rows, save, remove, export and import', async () => {
    const config = (await get('/payee/queryConfigByGridId')).json().data;
    expect(config.grid).toMatchObject({ gridNo: 'payee' });
    expect(Object.keys(config.entity.fields)).toEqual(['name', 'address', 'remark']);
    const rows = (await get('/payee/queryDataByFields?name=Bob')).json().data;
    expect(rows.records.map((r: { name: string }) => r.name)).toEqual(['Bob']);
    const bob = rows.records[0];
    // The grid client posts back the whole row it read.
    expect(await data('/payee/saveOrUpdateData', { data: { ...bob, remark: '同事' } })).toMatchObject({
      id: bob.id,
    });
    const wrong = await call('/payee/saveOrUpdateData', { data: { ...bob, address: 'not-an-address' } });
    expect(wrong.json().msg).toContain('请输入正确的钱包地址');

    const exported = await t.call('POST', `${API}/payee/exportEntity`, tokens.a, {});
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.rowCount).toBe(3);

    const sheet = [
      ['名称', '地址', '备注'],
      ['Carol', '0x000000000000000000000000000000000000bEEF', ''],
      ['Dave', `0x${'g'.repeat(40)}`, ''],
    ];
    const refused = await uploadFile(
      t,
      `${API}/payee/entExcelParseSave`,
      tokens.a,
      'p.xlsx',
      await sheetOf(sheet),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.refused).toEqual([{ row: 3, reasons: ['请输入正确的钱包地址'] }]);
    const kept = await uploadFile(
      t,
      `${API}/payee/entExcelParseSave?mode=valid-only`,
      tokens.a,
      'p.xlsx',
      await sheetOf(sheet),
    );
    expect(kept.json().data).toMatchObject({ saved: 1 });
    expect((await data('/clientApp/searchPayeeList', {})).length).toBe(3);

    await data('/payee/removeDatas', { ids: [bob.id] });
    expect((await get('/payee/queryDataByFields')).json().data.total).toBe(2);
    // Another user cannot see or remove them.
    expect((await get('/payee/queryDataByFields', tokens.noPerm)).statusCode).toBe(403);
  });

  it('pays a payee by its id, and only one of the caller’s own', async () => {
    const wallet = await data('/clientApp/createWallet', {
      password: 'secret6',
      email: 'p@example.com',
      agreed: true,
    });
    const pay = (to: string, token = tokens.a) =>
      call(
        '/clientApp/sendToken',
        { walletId: wallet.id, to, amount: '1', password: 'secret6', requestId: `pay-${to}` },
        token,
      );
    // The payee is found (an empty wallet is then short of YBI, before anything is sent).
    expect((await pay(aliceId)).json().msg).toBe('余额不足：需要 1 YBI，可用 0 YBI');
    const theirs = await data('/clientApp/addNewPayee', { name: 'Z', address: ALICE }, tokens.noPerm);
    expect((await pay(theirs.id)).json().msg).toBe('收款人不存在');
  });
});
