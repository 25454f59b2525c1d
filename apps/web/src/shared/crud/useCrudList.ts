import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@yuan/contract/constants';
import { useCallback, useMemo, useState } from 'react';
import { crudApi } from './api.ts';
import { buildListParams, isFiltered, type ListState } from './query.ts';
import type { CrudConfig, CrudField, Row } from './types.ts';

export type TreeRow = Row & { hasChildren?: boolean; children?: TreeRow[] };

function attach(rows: TreeRow[], children: Record<string, TreeRow[]>): TreeRow[] {
  return rows.map((row) =>
    row.hasChildren
      ? { ...row, children: attach(children[row.id] ?? [], children) }
      : { ...row, children: undefined },
  );
}

/** The rows of a CrudPage: a page of the list call, or (tree resources, unfiltered) the lazily loaded tree. */
export function useCrudList(config: CrudConfig, fields: CrudField[]) {
  const api = useMemo(() => config.api ?? crudApi(config.resource), [config.api, config.resource]);
  const client = useQueryClient();
  const [state, setState] = useState<ListState>({
    current: 1,
    size: config.pageSize ?? PAGE_SIZE_DEFAULT,
    search: {},
    range: null,
  });
  const [children, setChildren] = useState<Record<string, TreeRow[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const lazy =
    (config.lazyTree ?? (Boolean(config.resource.tree) && !config.listPath)) &&
    !isFiltered(state, config.params);
  // Other fixed parameters (a department chosen beside the table) start again on page 1.
  const fixedKey = JSON.stringify(config.params ?? {});
  const [seenFixed, setSeenFixed] = useState(fixedKey);
  if (seenFixed !== fixedKey) {
    setSeenFixed(fixedKey);
    setState((known) => ({ ...known, current: 1 }));
  }
  const params = buildListParams(state, fields, config.params);
  const key = ['crud-list', config.resource.basePath, config.id ?? '', lazy ? 'tree' : 'page', params];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      if (lazy) {
        const roots = (await api.lazyList('0')) as TreeRow[];
        return { records: roots, total: roots.length };
      }
      const page = await api.list(params, config.listPath);
      return { records: page.records as TreeRow[], total: page.total };
    },
    placeholderData: keepPreviousData,
  });

  const reload = useCallback(() => {
    setChildren({});
    setExpanded([]);
    void client.invalidateQueries({ queryKey: ['crud-list', config.resource.basePath] });
    // Choice lists (roles, departments, posts, packages, menus, this resource's own tree) may have changed.
    void client.invalidateQueries({ queryKey: ['crud-source'] });
  }, [client, config.resource.basePath]);

  const expand = useCallback(
    async (row: TreeRow, open: boolean) => {
      setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((key) => key !== row.id)));
      if (!open || children[row.id]) {
        return;
      }
      const rows = (await api.lazyList(row.id)) as TreeRow[];
      setChildren((known) => ({ ...known, [row.id]: rows }));
    },
    [api, children],
  );

  const records = lazy ? attach(query.data?.records ?? [], children) : (query.data?.records ?? []);
  return { state, setState, query, records, total: query.data?.total ?? 0, lazy, reload, expand, expanded };
}
