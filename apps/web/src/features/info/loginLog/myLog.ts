import type { Page } from '@yuan/contract';
import { call } from '../../../shared/api/http.ts';

/** One of the caller's sign-ins as usual/mine returns it. */
export interface MyLogEntry {
  id: string;
  /** 'login' (a sign-in) or 'refresh' (a token refresh). */
  logId: string;
  remoteIp: string;
  userAgent: string;
  createTime: string;
}

export function fetchMyLog(current: number, size: number): Promise<Page<MyLogEntry>> {
  return call<Page<MyLogEntry>>('/api/yuan-log/usual/mine', { params: { current, size }, guard: false });
}

/** The text key of an event; unknown events show as they are. */
export function eventKey(logId: string): 'myLog.login' | 'myLog.refresh' | null {
  if (logId === 'login') {
    return 'myLog.login';
  }
  if (logId === 'refresh') {
    return 'myLog.refresh';
  }
  return null;
}
