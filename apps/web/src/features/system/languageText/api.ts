import type { Page } from '@yuan/contract';
import { PAGE_SIZE_MAX } from '@yuan/contract/constants';
import { I18N_MODEL } from '@yuan/contract/i18n/i18n';
import { call, requestRaw } from '../../../shared/api/http.ts';

const BASE = '/api/yuan-api/i18n';

/** One language text as pageList answers it. */
export interface TextRow {
  id: string;
  i18nKey: string;
  language: string;
  i18nText: string;
  i18nModel: string;
}

export interface TextSearch {
  i18nKey?: string;
  i18nText?: string;
  language?: string;
  i18nModel?: string;
}

export interface TextValues {
  i18nKey: string;
  language: string;
  i18nText: string;
  i18nModel?: string;
}

/** `{key: text}`, the shape of listByLanguage and of the exported/imported files. */
export type TextMap = Record<string, string>;

interface CallOptions {
  /** No toast: the import collects its failures and shows them in its summary. */
  silent?: boolean;
}

/** The language-text screen's calls (SPEC §7 i18n/*; create and update are GETs with the text in the query). */
export const i18nApi = {
  page: (current: number, size: number, search: TextSearch) =>
    call<Page<TextRow>>(`${BASE}/pageList`, {
      method: 'POST',
      body: { current, size, ...search },
      guard: false,
    }),
  create: (values: TextValues, options: CallOptions = {}) =>
    call<TextRow>(`${BASE}/create`, {
      params: { ...values, i18nModel: values.i18nModel || I18N_MODEL },
      guard: false,
      silent: options.silent,
    }),
  update: (id: string, values: TextValues, options: CallOptions = {}) =>
    call<TextRow>(`${BASE}/update`, {
      params: { id, i18nKey: values.i18nKey, language: values.language, i18nText: values.i18nText },
      guard: false,
      silent: options.silent,
    }),
  removeIds: (ids: string[]) => call<null>(`${BASE}/deleteI18nKey`, { params: { ids: ids.join(',') } }),
  /** Every language of the key. */
  removeKey: (i18nKey: string) => call<null>(`${BASE}/deleteI18nKey`, { params: { i18nKey } }),
  /** A language's texts as an Excel sheet (key and text columns). */
  excel: async (language: string): Promise<Blob> =>
    (await requestRaw(`${BASE}/export-excel`, { params: { language, i18nModel: I18N_MODEL } })).blob(),
  /** The texts of an Excel sheet, checked by the server (a bad row rejects with its number). */
  readExcel: async (file: File): Promise<TextMap> => {
    const form = new FormData();
    form.append('file', file);
    const response = await requestRaw(`${BASE}/parse-excel`, { method: 'POST', body: form, silent: true });
    return ((await response.json()) as { data: { texts: TextMap } }).data.texts;
  },
  byLanguage: (language: string) =>
    call<TextMap>(`${BASE}/listByLanguage`, { params: { language, i18nModel: I18N_MODEL }, guard: false }),
};

/** Every text of one language of the client's model, page after page (the import needs their ids). */
export async function allTexts(language: string): Promise<TextRow[]> {
  const rows: TextRow[] = [];
  for (let current = 1; ; current += 1) {
    const page = await i18nApi.page(current, PAGE_SIZE_MAX, { language, i18nModel: I18N_MODEL });
    rows.push(...page.records);
    if (page.records.length < PAGE_SIZE_MAX || current >= page.pages) {
      return rows;
    }
  }
}
