import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DASHBOARD_MAX_DAYS, type DashboardFigures } from '@yuan/contract/dashboard';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartOption } from '../../../shared/charts/echarts.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { setTimeZone } from '../../../shared/time/timeZone.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { formatBytes } from './charts.ts';
import { DashboardPage } from './DashboardPage.tsx';
import { tooFar } from './useDashboardRange.ts';

// jsdom has no canvas: a chart is stood in for by its option, which is what this screen decides.
const drawn = new Map<string, ChartOption>();
vi.mock('../../../shared/charts/EChart.tsx', () => ({
  EChart: ({ option, testId }: { option: ChartOption; testId: string }) => {
    drawn.set(testId, option);
    return <div data-testid={testId} />;
  },
}));

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(() => {
  stubLayout();
  drawn.clear();
  setTimeZone('Asia/Shanghai');
});

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];

function answer(overrides: Partial<DashboardFigures> = {}): DashboardFigures {
  return {
    from: DAYS[0] as string,
    to: DAYS[2] as string,
    days: DAYS,
    users: { total: 1, created: [0, 0, 0] },
    signIns: [0, 0, 0],
    api: { calls: [0, 0, 0], errors: [0, 0, 0] },
    storage: { files: 0, bytes: 0 },
    notices: { total: 0 },
    entities: { total: 0, synced: 0, tables: [], rows: 0 },
    flows: { running: 0 },
    wallet: { wallets: 0, transfers: [0, 0, 0], volume: ['0', '0', '0'] },
    countedAt: '2026-03-03T04:05:06.000Z',
    ...overrides,
  };
}

function open() {
  return renderInApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DashboardPage />
    </QueryClientProvider>,
  );
}

const figure = (key: string) => screen.getByTestId(`figure-${key}`);
const asked = (call = 0) => new URL(String(fetchMock.mock.calls[call]?.[0]), 'http://localhost').searchParams;

describe('the dashboard', { timeout: 60_000 }, () => {
  it('waits for the figures, asking for the last 7 days of the tenant zone', async () => {
    let answerNow: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answerNow = resolve)));
    open();
    expect(await screen.findByTestId('dashboard-loading')).toBeTruthy();
    expect(screen.queryByTestId('figure-users')).toBeNull();
    const today = dayjs().tz('Asia/Shanghai').format('YYYY-MM-DD');
    const params = asked();
    expect(params.get('to')).toBe(today);
    expect(dayjs(params.get('to')).diff(dayjs(params.get('from')), 'day')).toBe(6);

    answerNow(envelope(answer({ users: { total: 3, created: [0, 0, 0] } })));
    await waitFor(() => expect(figure('users').getAttribute('data-value')).toBe('3'));
    expect(screen.queryByTestId('dashboard-loading')).toBeNull();
    expect(screen.getByTestId('dashboard-counted-at').textContent).toBe('统计于 2026-03-03 12:05:06');
  });

  it('says so where a module has nothing in the dates', async () => {
    fetchMock.mockResolvedValue(envelope(answer()));
    open();
    await screen.findByTestId('figure-users');
    for (const [name, text] of [
      ['activity', '这段时间没有新增用户，也没有登录。'],
      ['api', '这段时间没有接口调用记录。'],
      ['entities', '还没有已建表的实体。'],
      ['wallet', '这段时间本租户的钱包没有转账。'],
    ]) {
      expect(within(screen.getByTestId(`empty-${name}`)).getByText(text as string)).toBeTruthy();
      expect(screen.queryByTestId(`chart-${name}`)).toBeNull();
    }
    expect(drawn.size).toBe(0);
    expect(figure('storage').textContent).toContain('0 B');
  });

  it('shows the figures and draws each module by day', async () => {
    fetchMock.mockResolvedValue(
      envelope(
        answer({
          users: { total: 12, created: [1, 0, 2] },
          signIns: [4, 5, 0],
          api: { calls: [100, 0, 50], errors: [1, 0, 0] },
          storage: { files: 2, bytes: 3 * 1024 * 1024 },
          notices: { total: 7 },
          entities: {
            total: 3,
            synced: 2,
            tables: [
              { id: '1', entNo: 'order', entName: '订单', rows: 40 },
              { id: '2', entNo: 'item', entName: '', rows: 2 },
            ],
            rows: 42,
          },
          flows: { running: 5 },
          wallet: { wallets: 2, transfers: [0, 3, 0], volume: ['0', '1.5', '0'] },
        }),
      ),
    );
    open();
    await waitFor(() => expect(figure('users').getAttribute('data-value')).toBe('12'));
    expect(figure('users').textContent).toContain('新增用户 3');
    expect(figure('signIns').getAttribute('data-value')).toBe('9');
    expect(figure('apiCalls').getAttribute('data-value')).toBe('150');
    expect(figure('apiCalls').textContent).toContain('错误日志 1');
    expect(figure('storage').textContent).toContain('3.0 MB');
    expect(figure('storage').textContent).toContain('2 个文件');
    expect(figure('notices').getAttribute('data-value')).toBe('7');
    expect(figure('entities').getAttribute('data-value')).toBe('3');
    expect(figure('entities').textContent).toContain('2 个已建表，共 42 行数据');
    expect(figure('running').getAttribute('data-value')).toBe('5');
    expect(figure('transfers').getAttribute('data-value')).toBe('3');

    expect(drawn.get('chart-activity')).toMatchObject({
      xAxis: { data: DAYS },
      series: [
        { type: 'bar', name: '新增用户', data: [1, 0, 2] },
        { type: 'line', name: '登录', data: [4, 5, 0] },
      ],
    });
    expect(drawn.get('chart-api')?.series).toMatchObject([
      { data: [100, 0, 50] },
      { data: [1, 0, 0], yAxisIndex: 1 },
    ]);
    // An entity without a name shows its code.
    expect(drawn.get('chart-entities')).toMatchObject({
      xAxis: { data: ['订单', 'item'] },
      series: [{ data: [40, 2] }],
    });
    expect(drawn.get('chart-wallet')?.series).toMatchObject([{ data: [0, 3, 0] }, { data: [0, 1.5, 0] }]);
    expect(screen.queryByTestId('empty-activity')).toBeNull();
  });

  it('counts again on refresh, for the same dates', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(answer({ users: { total: 5, created: [0, 0, 0] } })))
      .mockResolvedValueOnce(envelope(answer({ users: { total: 6, created: [0, 0, 1] } })));
    open();
    await waitFor(() => expect(figure('users').getAttribute('data-value')).toBe('5'));
    fireEvent.click(screen.getByTestId('dashboard-refresh'));
    await waitFor(() => expect(figure('users').getAttribute('data-value')).toBe('6'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(asked(1).toString()).toBe(asked(0).toString());
  });

  it('shows a failure in place and reads again on retry', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ code: 500, success: false, msg: '服务器异常', data: null }, 500))
      .mockResolvedValueOnce(envelope(answer({ users: { total: 8, created: [0, 0, 0] } })));
    open();
    const failed = await screen.findByTestId('dashboard-failed');
    fireEvent.click(within(failed).getByRole('button'));
    await waitFor(() => expect(figure('users').getAttribute('data-value')).toBe('8'));
  });
});

describe('the date range', () => {
  it(`refuses a day more than ${DASHBOARD_MAX_DAYS} days from the chosen end`, () => {
    const from = dayjs('2024-01-01');
    expect(tooFar(dayjs('2024-12-31'), from)).toBe(false);
    expect(tooFar(dayjs('2025-01-01'), from)).toBe(true);
    expect(tooFar(dayjs('2023-01-01'), from)).toBe(false);
    expect(tooFar(dayjs('2022-12-31'), from)).toBe(true);
    expect(tooFar(dayjs('2030-01-01'), undefined)).toBe(false);
  });

  it('writes sizes for people', () => {
    expect([0, 1023, 1024, 1536, 5 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '1023 B',
      '1.0 KB',
      '1.5 KB',
      '5.0 GB',
    ]);
  });
});
