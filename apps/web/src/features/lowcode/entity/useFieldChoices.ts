import { useQuery } from '@tanstack/react-query';
import type { Page } from '@yuan/contract';
import { call } from '../../../shared/api/http.ts';
import type { Row } from '../../../shared/crud/types.ts';
import { entityApi } from '../api.ts';

export interface Choice {
  value: string;
  label: string;
}

/** What the field editor offers besides element definitions: dictionaries and entities to take values from. */
export interface FieldChoices {
  dictionaries: Choice[];
  entities: Choice[];
}

/**
 * The business dictionaries (their root codes) and the entities a field may take its values from, read while the
 * editor is open. A user without the dictionary screen gets no list and types the code instead.
 */
export function useFieldChoices(enabled: boolean): FieldChoices {
  const dictionaries = useQuery({
    queryKey: ['field-choices', 'dictionaries'],
    queryFn: () =>
      call<Page<Row>>('/api/yuan-system/dict-biz/parent-list', {
        params: { current: 1, size: 200 },
        guard: false,
        silent: true,
      }),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
  const entities = useQuery({
    queryKey: ['field-choices', 'entities'],
    queryFn: () => entityApi.list({ current: 1, size: 200 }),
    enabled,
    staleTime: 30_000,
  });
  return {
    dictionaries: (dictionaries.data?.records ?? []).map((row) => ({
      value: String(row.code),
      label: `${String(row.dictValue ?? row.code)} (${String(row.code)})`,
    })),
    entities: (entities.data?.records ?? []).map((row) => ({
      value: row.id,
      label: `${row.entName} (${row.entNo})`,
    })),
  };
}

/** Suggestions match anywhere in the label, whatever the case. */
export function containsFilter(input: string, option?: { label?: unknown }): boolean {
  return String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}
