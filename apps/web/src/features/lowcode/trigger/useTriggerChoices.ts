import { useQuery } from '@tanstack/react-query';
import type { Page, Resource } from '@yuan/contract';
import { PAGE_SIZE_MAX } from '@yuan/contract/constants';
import { noticeResource } from '@yuan/contract/desk/notice';
import { userResource } from '@yuan/contract/user/user';
import { call } from '../../../shared/api/http.ts';
import { pick } from '../../../shared/crud/fields.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import type { RawNode } from '../../flow/service/api.ts';
import { flatten, toTree } from '../../flow/service/tree.ts';
import { ENTITY_DATA_BASE, type EntityRow } from '../api.ts';
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

/**
 * The tenant's entities that have a table (the server watches only a synced entity). Quiet, as every list here:
 * without that screen's menu the choice is only shorter.
 */
async function loadEntities(): Promise<EntityChoice[]> {
  const out: EntityChoice[] = [];
  for (let current = 1; current <= MAX_PAGES; current++) {
    const page = await call<Page<EntityRow>>(`${ENTITY_DATA_BASE}/fnEntityList`, {
      params: { current, size: PAGE_SIZE_MAX },
      guard: false,
      silent: true,
    });
    for (const row of page.records) {
      if (row.syncedVersion > 0) {
        const fields = (row.elements ?? []).map((e) => ({
          value: e.eleNo,
          label: `${e.eleName} (${e.eleNo})`,
        }));
        out.push({ id: row.id, name: row.entName, fields });
      }
    }
    if (page.records.length < PAGE_SIZE_MAX || current >= page.pages) {
      break;
    }
  }
  return out;
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

const SYSTEM_RESOURCES: Record<string, Resource> = { user: userResource, notice: noticeResource };

/** The fields of a system resource a trigger may narrow an update to, labelled in the interface's language. */
export function useSystemFields(target: string | undefined): Choice[] {
  const lang = useLanguage();
  const resource = target ? SYSTEM_RESOURCES[target] : undefined;
  if (!resource) {
    return [];
  }
  return Object.entries(resource.fields).map(([name, spec]) => ({
    value: name,
    label: `${pick(spec.label, lang)} (${name})`,
  }));
}
