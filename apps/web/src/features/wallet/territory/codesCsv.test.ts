import { describe, expect, it } from 'vitest';
import { type CodeBatch, codesCsv, codesText } from './codesCsv.ts';

const headers = { code: '兑换码', amount: '数量', expiresAt: '过期时间', territory: '领地', batch: '批次' };
const batch: CodeBatch = {
  batchId: '42',
  amount: '12.5',
  expiresAt: '2030-01-01T00:00:00+08:00',
  territory: '110000',
  codes: ['AAAA-BBBB-CCCC', 'DDDD-EEEE-FFFF'],
};

describe('the codes as CSV', () => {
  it('writes one code a line with the batch, a BOM and CRLF lines', () => {
    expect(codesCsv(batch, headers, '2030-01-01 00:00:00')).toBe(
      '\uFEFF兑换码,数量,过期时间,领地,批次\r\n' +
        'AAAA-BBBB-CCCC,12.5,2030-01-01 00:00:00,110000,42\r\n' +
        'DDDD-EEEE-FFFF,12.5,2030-01-01 00:00:00,110000,42\r\n',
    );
  });

  it('quotes separators and neutralises formulas in text, but never changes a code', () => {
    const csv = codesCsv(
      { ...batch, territory: null, codes: ['-ABCDEFGH'] },
      { ...headers, code: 'code, "the"', territory: '=SUM(A1)' },
    );
    const [head, line] = csv.slice(1).split('\r\n');
    expect(head).toBe(`"code, ""the""",数量,过期时间,'=SUM(A1),批次`);
    expect(line).toBe('-ABCDEFGH,12.5,2030-01-01T00:00:00+08:00,,42');
  });

  it('copies the codes one a line', () => {
    expect(codesText(batch)).toBe('AAAA-BBBB-CCCC\nDDDD-EEEE-FFFF');
  });
});
