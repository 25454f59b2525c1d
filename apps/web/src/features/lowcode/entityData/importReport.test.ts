import type { ImportReport } from '@yuan/contract/lowcode/import-report';
import { describe, expect, it } from 'vitest';
import { reportCsv, reportOf } from './importReport.ts';

const report: ImportReport = {
  mode: 'all',
  total: 4,
  saved: 0,
  refused: [
    { row: 3, reasons: ['名称必须填写', '数量必须在0到100之间'] },
    { row: 5, reasons: ['=cmd|"/c calc"'] },
  ],
  refusedCount: 2,
};

describe('the import report', () => {
  it('writes the refused rows as CSV with a BOM, quoting and neutralising formulas', () => {
    const csv = reportCsv(report, { row: '行号', reasons: '原因' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '行号,原因',
      '3,名称必须填写; 数量必须在0到100之间',
      `5,"'=cmd|""/c calc"""`,
      '',
    ]);
  });

  it('finds the report in a refusal body only when it has one', () => {
    expect(reportOf({ code: 400, data: report })).toBe(report);
    expect(reportOf({ code: 400, data: null })).toBeNull();
    expect(reportOf({ code: 403, data: { refused: 'x' } })).toBeNull();
    expect(reportOf(null)).toBeNull();
  });
});
