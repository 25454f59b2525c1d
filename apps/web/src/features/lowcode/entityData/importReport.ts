import { type ImportReport, neutralise } from '@yuan/contract/lowcode/import-report';

/** The import's report when a refusal carries one (an all-or-nothing import with bad rows). */
export function reportOf(body: unknown): ImportReport | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof data === 'object' && data !== null && Array.isArray((data as ImportReport).refused)) {
    return data as ImportReport;
  }
  return null;
}

function cell(text: string): string {
  const safe = String(neutralise(text));
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The refused rows as CSV (with a BOM, so spreadsheet programs read the Chinese text as UTF-8). */
export function reportCsv(report: ImportReport, headers: { row: string; reasons: string }): string {
  const lines = [
    [headers.row, headers.reasons].map(cell).join(','),
    ...report.refused.map((r) => [String(r.row), r.reasons.join('; ')].map(cell).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
