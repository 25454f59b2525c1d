import type { Page } from '@yuan/contract';
import { call } from './http.ts';

export interface NoticeItem {
  id: string;
  title: string;
  subtitle: string;
  tag: string;
  sourceFrom: string;
  content: string;
  img?: string;
  createTime: string;
  read: boolean;
}

export interface UnreadCounts {
  total: number;
  bySource: Record<string, number>;
}

export interface SourceOption {
  dictKey: string;
  dictValue: string;
}

/** Polled by the bell: unread published notices per source. Silent: a failed poll must not toast every minute. */
export function fetchUnread(): Promise<UnreadCounts> {
  return call<UnreadCounts>('/api/yuan-desk/notice/unread', { silent: true });
}

/** Published notices with the caller's read flag; an empty source means every source. */
export function fetchMyNotices(
  sourceFrom: string,
  page: { current?: number; size?: number } = {},
): Promise<Page<NoticeItem>> {
  return call<Page<NoticeItem>>('/api/yuan-desk/notice/mine', {
    params: { sourceFrom, current: page.current, size: page.size ?? 30 },
  });
}

/** Fired on window after a notice was marked read, so every unread count on the page follows at once. */
export const NOTICE_READ_EVENT = 'yuan:notice-read';

export async function markRead(id: string): Promise<boolean> {
  const done = await call<boolean>('/api/yuan-desk/notice/read', {
    method: 'POST',
    body: { id },
    guard: false,
  });
  window.dispatchEvent(new Event(NOTICE_READ_EVENT));
  return done;
}

/** The tabs of the bell: items of the SourceFrom business dictionary. */
export function fetchSources(): Promise<SourceOption[]> {
  return call<SourceOption[]>('/api/yuan-system/dict-biz/dictionary', {
    params: { code: 'SourceFrom' },
    silent: true,
  });
}
