import type { ReportParam, ReportView } from '@yuan/contract/develop/report';
import type { SqlResult } from '@yuan/contract/lowcode/sql-edit';
import { fileNameOf, saveBlob } from '../../../shared/api/files.ts';
import { call, requestRaw } from '../../../shared/api/http.ts';

const BASE = '/api/yuan-report/report/rest';

/** A parameter's value as the viewer sends it (dates as YYYY-MM-DD text). */
export type ParamValues = Record<string, string | number>;

/** The answer of `run`: the rows and what the viewer needs to show them again. */
export interface ReportAnswer extends SqlResult {
  name: string;
  view: ReportView | null;
  params: ReportParam[];
  cached: boolean;
}

export interface PreviewInput {
  querySql: string;
  params: ReportParam[];
  values: ParamValues;
}

/**
 * The report calls beyond the generic CRUD. Run and preview are quiet (the screen shows the server's reason beside
 * the parameters) and unguarded: running a report twice with the same values is a refresh, not a double click.
 */
export const reportApi = {
  run: (id: string, params: ParamValues) =>
    call<ReportAnswer>(`${BASE}/run`, { method: 'POST', body: { id, params }, silent: true, guard: false }),
  preview: (input: PreviewInput) =>
    call<SqlResult>(`${BASE}/preview`, { method: 'POST', body: input, silent: true, guard: false }),
  /** The rows as an .xlsx file, named by the server (the report's name). */
  exportExcel: async (id: string, params: ParamValues, fallbackName: string, failureText: string) => {
    // A Blob carries its JSON content type, which the raw call (made for files) would not set for a string.
    const response = await requestRaw(`${BASE}/export`, {
      method: 'POST',
      body: new Blob([JSON.stringify({ id, params })], { type: 'application/json' }),
      fallback: failureText,
    });
    saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
  },
};

/** A data URL (the chart's PNG) as a file to save. */
export function dataUrlBlob(url: string): Blob {
  const [head = '', data = ''] = url.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}
