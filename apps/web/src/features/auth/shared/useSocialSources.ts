import { useEffect, useState } from 'react';
import { type SocialSource, socialSources } from '../../../shared/api/auth.ts';

/**
 * The configured third-party providers, [] until known. Plain state instead of react-query: the login route has
 * no query client, and its first load must stay inside the bundle budget.
 */
export function useSocialSources(): SocialSource[] {
  const [sources, setSources] = useState<SocialSource[]>([]);
  useEffect(() => {
    let live = true;
    socialSources().then(
      (list) => {
        if (live && Array.isArray(list)) {
          setSources(list);
        }
      },
      // No list (server or network failure) simply means no third-party sign-in.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return sources;
}
