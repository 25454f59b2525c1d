import { neutralise } from '@yuan/contract/lowcode/import-report';

/** What sdk/create answers: the batch and its codes, which the server never shows again. */
export interface CodeBatch {
  batchId: string;
  amount: string;
  expiresAt: string;
  territory: string | null;
  codes: string[];
}

export interface CsvHeaders {
  code: string;
  amount: string;
  expiresAt: string;
  territory: string;
  batch: string;
}

function cell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A batch's codes as CSV, one code a line with the batch's amount, expiry, territory and id (with a BOM, so
 * spreadsheet programs read the Chinese headers as UTF-8; CRLF lines as RFC 4180 writes them). Free text is
 * neutralised against formula injection; the codes are kept exactly (letters, digits and dashes), since a code
 * changed by a quote would no longer redeem.
 */
export function codesCsv(batch: CodeBatch, headers: CsvHeaders, expiresText = batch.expiresAt): string {
  const text = (value: string) => cell(String(neutralise(value)));
  const fixed = [batch.amount, expiresText, batch.territory ?? '', batch.batchId].map(text);
  const lines = [
    [headers.code, headers.amount, headers.expiresAt, headers.territory, headers.batch].map(text).join(','),
    ...batch.codes.map((code) => [cell(code), ...fixed].join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The codes one a line, as "copy all" puts them on the clipboard. */
export function codesText(batch: CodeBatch): string {
  return batch.codes.join('\n');
}
