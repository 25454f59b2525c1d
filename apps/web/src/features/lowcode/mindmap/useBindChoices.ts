import { useQuery } from '@tanstack/react-query';
import { flowServiceApi } from '../../flow/service/api.ts';
import { flatten } from '../../flow/service/tree.ts';
import { entityApi } from '../api.ts';
import { designApi } from '../designList/designApi.ts';

export interface Choice {
  value: string;
  label: string;
}

/** Lists change rarely while a map is edited: read once a minute at most. */
const STALE = 60_000;

/** The tenant's entities, to bind a list, form, sub-list or sub-form to. */
export function useEntityChoices(enabled = true): Choice[] {
  const entities = useQuery({
    queryKey: ['mindmap-choices', 'entities'],
    queryFn: () => entityApi.list({ current: 1, size: 200 }),
    enabled,
    staleTime: STALE,
  });
  return (entities.data?.records ?? []).map((row) => ({
    value: row.id,
    label: `${row.entName} (${row.entNo})`,
  }));
}

/** The designed forms of an entity; `isDefault` marks the one used when a node names none. */
export function useFormChoices(entId: string | undefined): (Choice & { isDefault: boolean })[] {
  const forms = useQuery({
    queryKey: ['mindmap-choices', 'forms', entId],
    queryFn: () => designApi('page', entId ?? '').list({ current: 1, size: 200 }),
    enabled: Boolean(entId),
    staleTime: STALE,
  });
  return (forms.data?.records ?? []).map((row) => ({
    value: row.id,
    label: `${String(row.pageName)} (${String(row.pageNo)})`,
    isDefault: row.isDefault === true,
  }));
}

/**
 * The fields of `entId` that reference `parentEntId`: the ones that can hold a parent row's id. Empty while either
 * entity is unknown.
 */
export function useRefFieldChoices(entId: string | undefined, parentEntId: string | undefined): Choice[] {
  const entity = useQuery({
    queryKey: ['mindmap-choices', 'entity', entId],
    queryFn: () => entityApi.detail(entId ?? ''),
    enabled: Boolean(entId && parentEntId),
    staleTime: STALE,
  });
  if (!parentEntId) {
    return [];
  }
  return (entity.data?.elements ?? [])
    .filter((element) => element.refEntId === parentEntId)
    .map((element) => ({ value: element.eleNo, label: `${element.eleName} (${element.eleNo})` }));
}

/** The script services that can be called by their path (flow services with a path). */
export function useServiceChoices(enabled: boolean): Choice[] {
  const tree = useQuery({
    queryKey: ['mindmap-choices', 'services'],
    queryFn: flowServiceApi.tree,
    enabled,
    staleTime: STALE,
  });
  return flatten(tree.data ?? [])
    .filter((node) => node.kind === 'service' && node.path !== '')
    .map((node) => ({ value: node.path, label: `${node.name} (${node.path})` }));
}
