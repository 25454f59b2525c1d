import type { EventInput } from '@fullcalendar/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import type { MenuNode } from '@yuan/contract';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTimeZone } from '../../../shared/time/timeZone.ts';
import { useSession } from '../../../stores/session.ts';
import { renderRoute } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import type { EventDetail } from './calendarEvents.ts';
import { ScheduledPage } from './ScheduledPage.tsx';

// FullCalendar measures the page, which jsdom cannot: a stand-in shows one fixed day and lists its events.
vi.mock('./ScheduleCalendar.tsx', () => ({
  ScheduleCalendar(props: {
    events: EventInput[];
    onDates: (start: Date, end: Date) => void;
    onPick: (detail: EventDetail) => void;
  }) {
    const { onDates } = props;
    useEffect(() => onDates(new Date(Date.UTC(2026, 0, 16)), new Date(Date.UTC(2026, 0, 17))), [onDates]);
    return (
      <ul data-testid="calendar-stand-in">
        {props.events.map((event) => (
          <li key={String(event.id)}>
            <button type="button" onClick={() => props.onPick(event.extendedProps as EventDetail)}>
              {`${event.title} ${String(event.backgroundColor)}`}
            </button>
          </li>
        ))}
      </ul>
    );
  },
}));

const { fetchMock } = setUpRequests();

const flowService = { path: '/flow/service/index', children: [] } as unknown as MenuNode;

function open() {
  setTimeZone('Asia/Shanghai');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    '/scheduled/index',
    <QueryClientProvider client={client}>
      <ScheduledPage />
    </QueryClientProvider>,
  );
}

const tick = {
  id: '1',
  serviceId: 's1',
  serviceName: '心跳',
  path: 'jobs/tick',
  scheduledAt: '2026-01-16T01:00:00.000Z',
  startedAt: '2026-01-16T01:00:00.010Z',
  durationMs: 5,
  ok: true,
  error: '',
};

afterEach(() => {
  useSession.setState({ menuAll: [] });
});

describe('the scheduled-tasks screen', () => {
  it("asks for the visible day of the tenant's zone and draws its runs and planned times", async () => {
    fetchMock.mockResolvedValueOnce(
      envelope({
        runs: [tick],
        upcoming: [
          { serviceId: 's1', serviceName: '心跳', path: 'jobs/tick', at: '2026-01-16T02:00:00.000Z' },
        ],
      }),
    );
    open();
    const calendar = await screen.findByTestId('calendar-stand-in');
    await within(calendar).findByText(/^心跳 #/, { selector: 'button' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/yuan-api/scheduled/calendar?start=2026-01-15T16%3A00%3A00.000Z&end=2026-01-16T16%3A00%3A00.000Z',
    );
    expect(within(calendar).getAllByRole('button')).toHaveLength(2);
    expect(screen.getByTestId('scheduled-zone').textContent).toBe('时间按 Asia/Shanghai 显示');
    expect(screen.getByTestId('scheduled-legend').textContent).toBe('成功失败运行中计划中');
    expect(screen.queryByTestId('scheduled-empty')).toBeNull();
    // No flow service menu for this user: no way there is offered.
    expect(screen.queryByTestId('scheduled-manage')).toBeNull();
  });

  it('says when the range has nothing, and offers the flow service screen', async () => {
    useSession.setState({ menuAll: [flowService] });
    fetchMock.mockResolvedValueOnce(envelope({ runs: [], upcoming: [] }));
    open();
    const empty = await screen.findByTestId('scheduled-empty');
    expect(empty.textContent).toContain('这段时间没有计划任务的运行记录');
    fireEvent.click(within(empty).getByRole('button', { name: '设置计划' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/flow/service/index');
  });

  it('shows a failure in place and loads again on retry', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 500, success: false, msg: '服务器开小差了', data: null }, 500),
    );
    open();
    const failure = await screen.findByTestId('scheduled-error');
    expect(failure.textContent).toContain('任务日历加载失败');
    expect(failure.textContent).toContain('服务器开小差了');
    fetchMock.mockResolvedValueOnce(
      envelope({ runs: [{ ...tick, ok: false, error: 'boom' }], upcoming: [] }),
    );
    fireEvent.click(screen.getByTestId('scheduled-retry'));
    await screen.findByText(/^心跳 #/, { selector: 'button' });
    expect(screen.queryByTestId('scheduled-error')).toBeNull();
  });

  it('opens the detail of a clicked run', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ runs: [tick], upcoming: [] }));
    fetchMock.mockResolvedValueOnce(envelope({ ...tick, finishedAt: null, logs: ['tick'], value: 1 }));
    open();
    fireEvent.click(await screen.findByText(/^心跳 #/, { selector: 'button' }));
    expect((await screen.findByTestId('scheduled-run-logs')).textContent).toBe('tick');
  });
});
