import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { flowServiceApi } from './api.ts';
import type { ServiceNode } from './tree.ts';

/** Query keys of the screen: the tree, and one service's full row. */
export const flowKeys = {
  tree: ['flow-service', 'tree'] as const,
  detail: (id: string) => ['flow-service', 'detail', id] as const,
};

const NO_NODES: ServiceNode[] = [];

/** The tenant's modules and services, read once and again after every change. */
export function useServiceTree() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: flowKeys.tree, queryFn: flowServiceApi.tree });
  const reload = useCallback(() => client.invalidateQueries({ queryKey: flowKeys.tree }), [client]);
  return {
    nodes: query.data ?? NO_NODES,
    loading: query.isPending,
    failed: query.isError,
    refreshing: query.isFetching,
    reload,
  };
}
