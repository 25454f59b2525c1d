import type { AppDownloads } from '@yuan/contract/app-download';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../shared/api/http.ts';

type State = { status: 'loading' } | { status: 'error' } | { status: 'success'; data: AppDownloads };

/**
 * The configured app packages. A plain effect, not a query: the page is outside the signed-in layout, which is
 * where the query client lives (the sign-in pages do not load it).
 */
export function useDownloads() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    call<AppDownloads>('/api/cors/oauth/appDownload', { silent: true }).then(
      (data) => setState({ status: 'success', data }),
      () => setState({ status: 'error' }),
    );
  }, []);
  useEffect(load, [load]);
  return { state, reload: load };
}
