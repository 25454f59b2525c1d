import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSources } from '../../../shared/api/notice.ts';
import type { StaticOption } from '../../../shared/crud/types.ts';
import { sourceOptions } from './sourceOptions.ts';

/** The SourceFrom dictionary as select options (shared by the notice screens; cached for the visit). */
export function useSourceFrom(): { options: StaticOption[]; loading: boolean } {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['dict-biz', 'SourceFrom'], queryFn: fetchSources, staleTime: 60_000 });
  const fallback = t('notice.title');
  // A failed or empty dictionary falls back to the default source rather than leaving the select empty.
  const options = useMemo(() => sourceOptions(query.data, fallback), [query.data, fallback]);
  return { options, loading: query.isLoading };
}
