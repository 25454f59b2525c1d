import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { call } from '../../../shared/api/http.ts';
import { designBase } from '../designList/designApi.ts';

const BASE = designBase('page');

/** A designed form as dtpage answers it; an older row may keep its JSON as text. */
export interface PageRow {
  id: string;
  pageNo: string;
  pageName: string;
  entId: string;
  formJson: FormJson | string | null;
}

/** The calls of the form designer (SPEC §7 dtpage). */
export const pageDesignApi = {
  detail: (id: string) => call<PageRow>(`${BASE}/getDetail`, { params: { id }, guard: false, silent: true }),
  save: (body: { id: string; pageNo: string; pageName: string; entId: string; formJson: FormJson }) =>
    call<unknown>(`${BASE}/fnSaveOrUpdate`, { method: 'POST', body }),
};
