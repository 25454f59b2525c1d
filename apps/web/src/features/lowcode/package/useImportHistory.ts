import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { packageApi } from './packageApi.ts';

/** The query key of the import history; an import refreshes it. */
export const HISTORY_KEY = ['app-package-history'];

/** The tenant's imports of packages, newest first, a page at a time. */
export function useImportHistory() {
  const [current, setCurrent] = useState(1);
  const query = useQuery({
    queryKey: [...HISTORY_KEY, current],
    queryFn: () => packageApi.history(current),
    placeholderData: keepPreviousData,
  });
  return { query, current, setCurrent, reload: () => void query.refetch() };
}
