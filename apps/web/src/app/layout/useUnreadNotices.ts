import { NOTICE_POLL_MS } from '@yuan/contract/constants';
import { useCallback, useEffect, useState } from 'react';
import { fetchUnread, type UnreadCounts } from '../../shared/api/notice.ts';

const NONE: UnreadCounts = { total: 0, bySource: {} };

/** Unread notice counts, polled every 60 s (SPEC §9) and on demand after a notice is read. */
export function useUnreadNotices(): { unread: UnreadCounts; refresh: () => void } {
  const [unread, setUnread] = useState<UnreadCounts>(NONE);
  const refresh = useCallback(() => {
    fetchUnread()
      .then(setUnread)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    refresh();
    const timer = window.setInterval(refresh, NOTICE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);
  return { unread, refresh };
}
