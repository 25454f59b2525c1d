import type { Page } from '@yuan/contract';
import type { CrudApi } from '../../shared/crud/api.ts';
import type { ParamMap } from '../../shared/crud/query.ts';
import type { Row } from '../../shared/crud/types.ts';

/**
 * The shared list page's calls for an engine list: only the page read. The engine's lists have no generic detail,
 * submit, removal or tree; their screens switch those buttons off and offer their own actions.
 */
export function listApi<T extends { id: string }>(list: (params: ParamMap) => Promise<Page<T>>): CrudApi {
  return {
    list: async (params) => {
      const page = await list(params);
      return { ...page, records: page.records.map((record): Row => ({ ...record })) };
    },
    detail: () => Promise.reject(new Error('no detail call')),
    submit: () => Promise.reject(new Error('no submit call')),
    remove: () => Promise.reject(new Error('no remove call')),
    lazyList: async () => [],
    tree: async () => [],
  };
}

/** A row of the list page as the engine answered it: the page was read by `listApi` with this row type. */
export function recordOf<T extends { id: string }>(row: Row): T {
  return row as unknown as T;
}
