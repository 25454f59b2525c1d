import ExcelJS from 'exceljs';

/** An .xlsx file of one sheet holding `rows`. */
export async function sheetOf(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) {
    ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
