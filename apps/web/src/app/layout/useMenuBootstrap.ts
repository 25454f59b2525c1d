import { useEffect } from 'react';
import { loadTimeZone } from '../../shared/time/timeZone.ts';
import { useSession } from '../../stores/session.ts';
import { loadMenus } from '../session/actions.ts';

/** Loads the server menu and the tenant's time zone once per session (after login or a page reload). */
export function useMenuBootstrap(): () => void {
  const token = useSession((state) => state.token);
  const status = useSession((state) => state.menuStatus);
  useEffect(() => {
    if (token && status === 'idle') {
      void loadMenus(useSession.getState().topMenuId).catch(() => undefined);
      void loadTimeZone();
    }
  }, [token, status]);
  return () => void loadMenus(useSession.getState().topMenuId).catch(() => undefined);
}
