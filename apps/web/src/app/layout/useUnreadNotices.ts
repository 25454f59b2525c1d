import { NOTICE_POLL_MS } from '@yuan/contract/constants';
import { useCallback, useEffect, useState } from 'react';
import { fetchUnread, NOTICE_READ_EVENT, type UnreadCounts } from '../../shared/api/notice.ts';

const NONE: UnreadCounts = { total: 0, bySource: {} };

/** Unread notice counts, polled every 60 s (SPEC §9) and again whenever a notice is read. */
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
    // A notice read anywhere on the page (the bell or the notices screen) updates the dot at once.
    window.addEventListener(NOTICE_READ_EVENT, refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(NOTICE_READ_EVENT, refresh);
    };
  }, [refresh]);
  return { unread, refresh };
}
