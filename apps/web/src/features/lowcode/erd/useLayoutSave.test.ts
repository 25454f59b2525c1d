import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { SAVE_DELAY_MS, useLayoutSave } from './useLayoutSave.ts';

const { fetchMock } = setUpRequests();

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockImplementation(async () => envelope(null));
});
afterEach(() => {
  vi.useRealTimers();
});

const posted = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method,
    body: JSON.parse(String(init?.body)),
  }));

describe('saving the table positions', () => {
  it('waits until the moves have stopped, then saves the last positions once', () => {
    const { result } = renderHook(() => useLayoutSave());
    act(() => {
      result.current({ '1': { x: 1, y: 1 } });
      vi.advanceTimersByTime(SAVE_DELAY_MS - 100);
      result.current({ '1': { x: 2, y: 2 } });
      vi.advanceTimersByTime(SAVE_DELAY_MS - 100);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(posted()).toEqual([
      {
        url: expect.stringContaining('/api/yuan-api/erd/layout'),
        method: 'POST',
        body: { positions: { '1': { x: 2, y: 2 } } },
      },
    ]);
  });

  it('saves the same positions again when a table was moved back (no duplicate guard)', () => {
    const { result } = renderHook(() => useLayoutSave());
    for (let i = 0; i < 2; i++) {
      act(() => {
        result.current({ '1': { x: 5, y: 5 } });
        vi.advanceTimersByTime(SAVE_DELAY_MS);
      });
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends a save still waiting when the screen closes', () => {
    const { result, unmount } = renderHook(() => useLayoutSave());
    act(() => {
      result.current({ '7': { x: 3, y: 4 } });
    });
    unmount();
    expect(posted().map((p) => p.body)).toEqual([{ positions: { '7': { x: 3, y: 4 } } }]);
  });

  it('saves nothing when nothing moved', () => {
    const { unmount } = renderHook(() => useLayoutSave());
    vi.advanceTimersByTime(SAVE_DELAY_MS * 2);
    unmount();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
