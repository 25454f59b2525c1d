import type { Page, R } from '@yuan/contract';
import {
  APP_PACKAGE_API,
  type AppImportRecord,
  type AppPackageExportBody,
  type AppPackagePreview,
} from '@yuan/contract/lowcode/app-package';
import { PAGE_SIZE_MAX } from '@yuan/contract/constants';
import { fileNameOf, saveBlob } from '../../../shared/api/files.ts';
import { call, requestRaw } from '../../../shared/api/http.ts';
import { ENTITY_DATA_BASE, type EntityRow } from '../api.ts';

/** Import records per page of the history table. */
export const HISTORY_PAGE_SIZE = 10;
/** At most this many pages of the largest size (1,000 entities): a choice, not a catalogue. */
const MAX_ENTITY_PAGES = 5;
/** A package with data (up to 10,000 rows per entity) takes longer to write or read than an ordinary call. */
const PACKAGE_TIMEOUT_MS = 120_000;

/** What an import answers: the parts it wrote, left alone, and the rows of data it added. */
export interface AppImportAnswer {
  created: number;
  updated: number;
  unchanged: number;
  rows: number;
}

/** The tenant's entities, synced or not: an entity still without a table exports as its definition alone. */
async function entities(): Promise<EntityRow[]> {
  const out: EntityRow[] = [];
  for (let current = 1; current <= MAX_ENTITY_PAGES; current++) {
    const page = await call<Page<EntityRow>>(`${ENTITY_DATA_BASE}/fnEntityList`, {
      params: { current, size: PAGE_SIZE_MAX },
      guard: false,
    });
    out.push(...page.records);
    if (page.records.length < PAGE_SIZE_MAX || current >= page.pages) {
      break;
    }
  }
  return out;
}

/** Posts the package as the multipart field `file`, after the other fields (a server reading the stream sees them first). */
async function postFile<T>(
  url: string,
  file: File,
  fields: Record<string, string>,
  silent: boolean,
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.append(name, value);
  }
  form.append('file', file, file.name);
  const response = await requestRaw(url, {
    method: 'POST',
    body: form,
    silent,
    timeoutMs: PACKAGE_TIMEOUT_MS,
  });
  return ((await response.json()) as R<T>).data;
}

/** The 应用包 screen's calls (APP_PACKAGE_API). */
export const packageApi = {
  entities,
  /** Saves the package the server writes, under the name it gives. */
  export: async (body: AppPackageExportBody, failureText: string): Promise<void> => {
    // A Blob carries its JSON content type, which the raw call (made for files) would not set for a string.
    const response = await requestRaw(APP_PACKAGE_API.export, {
      method: 'POST',
      body: new Blob([JSON.stringify(body)], { type: 'application/json' }),
      fallback: failureText,
      timeoutMs: PACKAGE_TIMEOUT_MS,
    });
    saveBlob(
      await response.blob(),
      fileNameOf(response.headers.get('content-disposition'), 'app-package.json'),
    );
  },
  /** Quiet: the import card shows why a file is refused (changed by hand, a newer format) in place. */
  preview: (file: File) => postFile<AppPackagePreview>(APP_PACKAGE_API.preview, file, {}, true),
  /** The token ties the import to what was previewed: the server refuses it for another file. */
  import: (file: File, confirmToken: string) =>
    postFile<AppImportAnswer>(APP_PACKAGE_API.import, file, { confirmToken }, false),
  history: (current: number) =>
    call<Page<AppImportRecord>>(APP_PACKAGE_API.history, {
      params: { current, size: HISTORY_PAGE_SIZE },
      guard: false,
    }),
};
