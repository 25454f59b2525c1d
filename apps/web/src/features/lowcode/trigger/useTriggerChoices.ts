import { useQuery } from '@tanstack/react-query';
import { TRIGGER_SYSTEM_RESOURCES } from '@yuan/contract/lowcode/trigger';
import { call } from '../../../shared/api/http.ts';
import { pick } from '../../../shared/crud/fields.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import type { RawNode } from '../../flow/service/api.ts';
import { flatten, toTree } from '../../flow/service/tree.ts';
import { syncedEntities } from '../api.ts';
import { triggerApi } from './triggerApi.ts';

export interface Choice {
  value: string;
  label: string;
}

/** An entity a trigger may watch, with the fields an update may be narrowed to. */
export interface EntityChoice {
  id: string;
  name: string;
  fields: Choice[];
}

/** Lists change rarely while the screen is open: read once a minute at most. */
const STALE = 60_000;
/** At most this many pages of the largest size (1,000 entities): a choice, not a catalogue. */
const MAX_PAGES = 5;

/** The tenant's entities that have a table (the server watches only a synced entity), with their fields. */
async function loadEntities(): Promise<EntityChoice[]> {
  return (await syncedEntities(MAX_PAGES)).map((row) => ({
    id: row.id,
    name: row.entName,
    fields: (row.elements ?? []).map((e) => ({ value: e.eleNo, label: `${e.eleName} (${e.eleNo})` })),
  }));
}

async function loadServices(): Promise<Choice[]> {
  const rows = await call<RawNode[]>('/api/yuan-api/s/list', {
    method: 'POST',
    body: {},
    guard: false,
    silent: true,
  });
  return flatten(toTree(rows))
    .filter((node) => node.kind === 'service')
    .map((node) => ({ value: node.id, label: node.path ? `${node.name} (${node.path})` : node.name }));
}

export function useEntityChoices() {
  return useQuery({ queryKey: ['trigger-choices', 'entities'], queryFn: loadEntities, staleTime: STALE });
}

export function useServiceChoices() {
  return useQuery({ queryKey: ['trigger-choices', 'services'], queryFn: loadServices, staleTime: STALE });
}

/** The keys of the tenant's process models (a trigger starts the latest deployed version of one). */
export function useProcessChoices() {
  return useQuery({
    queryKey: ['trigger-choices', 'models'],
    queryFn: async (): Promise<Choice[]> =>
      (await triggerApi.models()).records.map((row) => ({
        value: row.modelKey,
        label: `${row.name} (${row.modelKey})`,
      })),
    staleTime: STALE,
  });
}

/** The fields of a system resource a trigger may narrow an update to, labelled in the interface's language. */
export function useSystemFields(target: string | undefined): Choice[] {
  const lang = useLanguage();
  const resource = target ? TRIGGER_SYSTEM_RESOURCES[target] : undefined;
  if (!resource) {
    return [];
  }
  return Object.entries(resource.fields).map(([name, spec]) => ({
    value: name,
    label: `${pick(spec.label, lang)} (${name})`,
  }));
}
