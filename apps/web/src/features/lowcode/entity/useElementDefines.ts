import { useQuery } from '@tanstack/react-query';
import { entityApi } from '../api.ts';

/** The tenant's element definitions, for the field editor's picker; read while the editor is open. */
export function useElementDefines(enabled: boolean) {
  return useQuery({
    queryKey: ['element-defines'],
    queryFn: () => entityApi.elementDefines(),
    enabled,
    staleTime: 30_000,
  });
}
