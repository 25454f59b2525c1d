import { fileNameOf, saveBlob } from '../../../shared/api/files.ts';
import { call, requestRaw } from '../../../shared/api/http.ts';

const CODE = '/api/yuan-develop/code';
const DATASOURCE = '/api/yuan-develop/datasource';

/** A table of a datasource, as its tables call lists them. */
export interface TableInfo {
  schema: string;
  name: string;
}

/** A datasource may take its 5 s to answer (and the app's own limit is 20 s): the table list may wait for it. */
const DATASOURCE_TIMEOUT_MS = 20_000;

/** The code generator's calls beyond the generic CRUD: copy a record, generate the code of some, list tables. */
export const codeApi = {
  copy: (id: string) => call<{ id: string }>(`${CODE}/copy`, { method: 'POST', body: { id } }),
  /** Quiet: the field says itself why the tables could not be read. */
  tables: (datasourceId: string) =>
    call<TableInfo[]>(`${DATASOURCE}/tables`, {
      params: { id: datasourceId },
      silent: true,
      timeoutMs: DATASOURCE_TIMEOUT_MS,
    }),
  /** The generated modules of the records, one zip file named by the server. */
  generate: async (ids: string[], failureText: string) => {
    // A Blob carries its JSON content type, which the raw call (made for files) would not set for a string.
    const response = await requestRaw(`${CODE}/gen-code`, {
      method: 'POST',
      body: new Blob([JSON.stringify({ ids })], { type: 'application/json' }),
      fallback: failureText,
    });
    saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), 'code.zip'));
  },
};
