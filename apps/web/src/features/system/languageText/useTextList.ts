import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@yuan/contract/constants';
import { useState } from 'react';
import { i18nApi, type TextSearch } from './api.ts';

export interface TextListState {
  current: number;
  size: number;
  search: TextSearch;
}

/** Only filled search values: an empty field means no filter, not a search for ''. */
function filled(search: TextSearch): TextSearch {
  const out: TextSearch = {};
  for (const [key, value] of Object.entries(search) as [keyof TextSearch, string | undefined][]) {
    const trimmed = value?.trim();
    if (trimmed) {
      out[key] = trimmed;
    }
  }
  return out;
}

/** The screen's page of texts; a new search starts again on page 1 (SPEC §9). */
export function useTextList() {
  const [state, setState] = useState<TextListState>({ current: 1, size: PAGE_SIZE_DEFAULT, search: {} });
  const query = useQuery({
    queryKey: ['i18n-texts', state],
    queryFn: () => i18nApi.page(state.current, state.size, filled(state.search)),
    placeholderData: keepPreviousData,
  });
  return {
    state,
    query,
    records: query.data?.records ?? [],
    total: query.data?.total ?? 0,
    search: (search: TextSearch) => setState((s) => ({ ...s, current: 1, search })),
    page: (current: number, size: number) => setState((s) => ({ ...s, current, size })),
    reload: () => void query.refetch(),
  };
}
