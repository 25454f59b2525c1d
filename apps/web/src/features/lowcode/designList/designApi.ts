import type { Page } from '@yuan/contract';
import { call } from '../../../shared/api/http.ts';
import type { CrudApi } from '../../../shared/crud/api.ts';
import type { Row } from '../../../shared/crud/types.ts';

export type DesignKind = 'page' | 'grid';

/** The calls' base path of a kind of design. */
export const designBase = (kind: DesignKind) => `/api/yuan-api/dt${kind}`;

/** The designed forms or grids of one entity at the origin's paths (SPEC §7 dtpage, dtgrid). */
export function designApi(kind: DesignKind, entId: string): CrudApi {
  return {
    list: (params) =>
      call<Page<Row>>(`${designBase(kind)}/fnList`, { params: { ...params, entId }, guard: false }),
    detail: (id) => call<Row>(`${designBase(kind)}/getDetail`, { params: { id }, guard: false }),
    submit: (body) =>
      call<Row>(`${designBase(kind)}/fnSaveOrUpdate`, { method: 'POST', body: { ...body, entId } }),
    // The origin removes a grid with a GET of its id, a form with a POST of the ids.
    remove: (ids) =>
      kind === 'grid'
        ? call<unknown>(`${designBase(kind)}/remove`, { params: { id: ids } })
        : call<unknown>(`${designBase(kind)}/remove`, { method: 'POST', params: { ids } }),
    lazyList: async () => [],
    tree: async () => [],
  };
}

/** Copies a design under a free code; the copy is never the default. */
export const copyDesign = (kind: DesignKind, id: string) =>
  call<Row>(`${designBase(kind)}/copy`, { method: 'POST', body: { id } });

/** Makes a design its entity's default one (the others stop being it). */
export const makeDefault = (kind: DesignKind, id: string) =>
  call<boolean>(`${designBase(kind)}/default`, { method: 'POST', body: { id } });
