import type { Page, Resource } from '@yuan/contract';
import { call } from '../api/http.ts';
import type { ParamMap } from './query.ts';
import type { Row, TreeNode } from './types.ts';

export interface CrudApi {
  list: (params: ParamMap, listPath?: string) => Promise<Page<Row>>;
  detail: (id: string) => Promise<Row>;
  submit: (body: Record<string, unknown>) => Promise<Row>;
  remove: (ids: string) => Promise<unknown>;
  lazyList: (parentId: string) => Promise<(Row & { hasChildren?: boolean })[]>;
  tree: () => Promise<TreeNode[]>;
}

/** The calls every declared resource answers (SPEC §7). Reads never trip the duplicate guard. */
export function crudApi(resource: Resource): CrudApi {
  const base = resource.basePath;
  const method = resource.readMethod ?? 'GET';
  return {
    list: (params, listPath) =>
      call<Page<Row>>(`${base}${listPath ?? resource.listPath ?? '/list'}`, { method, params, guard: false }),
    detail: (id) => call<Row>(`${base}/detail`, { method, params: { id }, guard: false }),
    submit: (body) => call<Row>(`${base}/submit`, { method: 'POST', body }),
    remove: (ids) => call<unknown>(`${base}/remove`, { method: 'POST', params: { ids } }),
    lazyList: (parentId) => call(`${base}/lazy-list`, { params: { parentId } }),
    tree: () => call<TreeNode[]>(`${base}/tree`),
  };
}
