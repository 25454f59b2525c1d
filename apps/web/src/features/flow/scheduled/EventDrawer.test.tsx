import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setTimeZone } from '../../../shared/time/timeZone.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import type { ScheduledRun } from './api.ts';
import type { EventDetail } from './calendarEvents.ts';
import { EventDrawer } from './EventDrawer.tsx';

const { fetchMock } = setUpRequests();

const failed: ScheduledRun = {
  id: '77',
  serviceId: 's1',
  serviceName: '心跳',
  path: 'jobs/tick',
  scheduledAt: '2026-01-15T16:30:05.000Z',
  startedAt: '2026-01-15T16:30:05.020Z',
  durationMs: 31,
  ok: false,
  error: 'ReferenceError: nope is not defined',
};

function show(detail: EventDetail, onClose = vi.fn()) {
  setTimeZone('Asia/Shanghai');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <EventDrawer detail={detail} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const runDetail = (run: ScheduledRun): EventDetail => ({
  kind: 'run',
  status: 'failed',
  timeText: '00:30:05',
  hint: '',
  run,
});

describe('the detail of a calendar event', () => {
  it("shows a failed run's outcome, times, error, value and log lines, and closes on Escape", async () => {
    fetchMock.mockResolvedValueOnce(
      envelope({
        ...failed,
        finishedAt: '2026-01-15T16:30:05.051Z',
        logs: ['tick', 'second line'],
        value: { a: 1 },
      }),
    );
    const onClose = show(runDetail(failed));
    expect(await screen.findByTestId('scheduled-run-logs')).toHaveProperty(
      'textContent',
      'tick\nsecond line',
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/yuan-api/scheduled/run/77');
    expect(screen.getByTestId('scheduled-run-value').textContent).toBe('{\n  "a": 1\n}');
    expect(screen.getByTestId('scheduled-run-outcome').textContent).toBe('失败');
    expect(screen.getByTestId('scheduled-run-duration').textContent).toBe('31 ms');
    expect(screen.getByTestId('scheduled-run-error').textContent).toContain('nope is not defined');
    // Planned, started and finished, in the tenant's zone.
    expect(screen.getAllByText('2026-01-16 00:30:05')).toHaveLength(3);
    fireEvent.keyDown(screen.getByTestId('scheduled-run'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the run cannot be loaded and asks again on retry', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 404, success: false, msg: '数据不存在', data: null }, 404),
    );
    show(runDetail({ ...failed, ok: true, error: '' }));
    expect(await screen.findByText('运行详情加载失败')).toBeTruthy();
    expect(screen.queryByTestId('scheduled-run-error')).toBeNull();
    fetchMock.mockResolvedValueOnce(
      envelope({ ...failed, ok: true, finishedAt: null, logs: [], value: null }),
    );
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('scheduled-run-logs')).toHaveProperty('textContent', '（没有日志）');
    expect(screen.getByTestId('scheduled-run-value').textContent).toBe('null');
  });

  it('shows the service and time of a planned run without asking the server', async () => {
    show({
      kind: 'upcoming',
      status: 'upcoming',
      timeText: '00:40:00',
      hint: '',
      upcoming: { serviceId: 's1', serviceName: '心跳', path: 'jobs/tick', at: '2026-01-15T16:40:00.000Z' },
    });
    expect((await screen.findByTestId('scheduled-upcoming-at')).textContent).toBe('2026-01-16 00:40:00');
    expect(screen.getByText('计划中的运行')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
