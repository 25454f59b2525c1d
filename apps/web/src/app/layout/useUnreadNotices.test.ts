import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_READ_EVENT } from '../../shared/api/notice.ts';
import { setTestAppConfig } from '../../test/appConfig.ts';
import { useUnreadNotices } from './useUnreadNotices.ts';

let total = 3;
const fetchMock = vi.fn(
  async () =>
    new Response(
      JSON.stringify({ code: 200, success: true, msg: '', data: { total, bySource: { p010: total } } }),
      {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      },
    ),
);

beforeEach(() => {
  setTestAppConfig({ clientId: 'c', clientSecret: 's' });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('unread notices', () => {
  it('counts again as soon as a notice is read anywhere on the page', async () => {
    const { result, unmount } = renderHook(() => useUnreadNotices());
    await waitFor(() => expect(result.current.unread.total).toBe(3));
    total = 2;
    window.dispatchEvent(new Event(NOTICE_READ_EVENT));
    await waitFor(() => expect(result.current.unread.total).toBe(2));
    unmount();
    const calls = fetchMock.mock.calls.length;
    window.dispatchEvent(new Event(NOTICE_READ_EVENT));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});
