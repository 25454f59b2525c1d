import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchMyNotices, fetchUnread, markRead, type NoticeItem } from '../../../shared/api/notice.ts';

const MINE = 'my-notices';
const UNREAD = 'my-notices-unread';

/** One page of the caller's published notices ('' = every source) and the unread counts per source. */
export function useMyNotices(sourceFrom: string, current: number, size: number) {
  const client = useQueryClient();
  const page = useQuery({
    queryKey: [MINE, sourceFrom, current, size],
    queryFn: () => fetchMyNotices(sourceFrom, { current, size }),
    placeholderData: keepPreviousData,
  });
  const unread = useQuery({ queryKey: [UNREAD], queryFn: fetchUnread });

  /** Marks an unread notice read once opened, then counts and flags are read again. */
  const open = useCallback(
    async (item: NoticeItem) => {
      if (item.read) {
        return;
      }
      await markRead(item.id);
      await Promise.all([
        client.invalidateQueries({ queryKey: [MINE] }),
        client.invalidateQueries({ queryKey: [UNREAD] }),
      ]);
    },
    [client],
  );
  return { page, unread: unread.data, open };
}
