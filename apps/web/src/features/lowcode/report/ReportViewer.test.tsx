import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import type { Presentation } from './chartOption.ts';
import type { ReportChartProps } from './ReportChart.tsx';
import { ReportViewer } from './ReportViewer.tsx';

// jsdom has no canvas: the chart is stood in for by what it was asked to draw, which is what the viewer decides.
const drawn: Presentation[] = [];
vi.mock('./ReportChart.tsx', () => ({
  ReportChart: ({ chart, presentation }: ReportChartProps) => {
    drawn.push({ ...presentation, chart });
    return <div data-testid="report-chart" />;
  },
}));

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(() => {
  stubLayout();
  drawn.length = 0;
});
afterEach(() => i18next.changeLanguage('zh'));

const region = { name: 'region', label: '地区', type: 'string', required: true } as const;
const sales = { id: '5', name: '区域销售', querySql: 'SELECT …', params: [region], view: { chart: 'table' } };
const rows = {
  columns: ['region', 'amount'],
  rows: [
    { region: '华东', amount: '120' },
    { region: '华南', amount: 80 },
  ],
  truncated: false,
  elapsedMs: 9,
  cached: false,
};

/** Answers the report's detail and its runs; records the bodies of the runs. */
function serve(report: Record<string, unknown>, run: () => Response): unknown[] {
  const runs: unknown[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/report/rest/detail')) {
      return envelope(report);
    }
    if (url.includes('/report/rest/run')) {
      runs.push(JSON.parse(String(init?.body)));
      return run();
    }
    return envelope(null);
  });
  return runs;
}

function open(id = '5') {
  renderInApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReportViewer id={id} />
    </QueryClientProvider>,
  );
}

describe('the report viewer', { timeout: 120_000 }, () => {
  it('refuses to run while a required parameter is empty, and asks nothing of the server', async () => {
    const runs = serve(sales, () =>
      envelope({ ...rows, name: sales.name, view: sales.view, params: [region] }),
    );
    open();
    fireEvent.click(await screen.findByTestId('report-params-run'));
    expect(await screen.findByText('请输入地区')).toBeTruthy();
    expect(screen.getByTestId('report-not-run')).toBeTruthy();
    expect(runs).toEqual([]);
  });

  it('runs with the typed parameter and shows the rows as a table', async () => {
    const runs = serve(sales, () =>
      envelope({ ...rows, name: sales.name, view: sales.view, params: [region] }),
    );
    open();
    expect((await screen.findByTestId('report-name')).textContent).toBe('区域销售');
    fireEvent.change(screen.getByLabelText('地区'), { target: { value: '华东' } });
    fireEvent.click(screen.getByTestId('report-params-run'));
    const table = await screen.findByTestId('report-table');
    expect(within(table).getByText('华南')).toBeTruthy();
    expect(within(table).getByText('120')).toBeTruthy();
    expect(runs).toEqual([{ id: '5', params: { region: '华东' } }]);
    expect(screen.getByTestId('sql-elapsed').textContent).toBe('共 2 行，耗时 9 ms');
  });

  it('runs at once a report that needs nothing typed, and shows a KPI as one big number', async () => {
    const kpi = { id: '6', name: '销售总额', querySql: 'SELECT …', params: [], view: { chart: 'kpi' } };
    const runs = serve(kpi, () =>
      envelope({
        columns: ['total'],
        rows: [{ total: '1234567' }],
        truncated: false,
        elapsedMs: 3,
        name: kpi.name,
        view: kpi.view,
        params: [],
        cached: true,
      }),
    );
    open('6');
    const number = await screen.findByTestId('report-kpi');
    expect(number.textContent).toContain('total');
    expect(number.textContent).toContain('1,234,567');
    expect(runs).toEqual([{ id: '6', params: {} }]);
    expect(screen.getByText('缓存结果')).toBeTruthy();
  });

  it('draws the same rows as a bar chart when another presentation is chosen', async () => {
    serve({ ...sales, params: [] }, () =>
      envelope({ ...rows, name: sales.name, view: sales.view, params: [] }),
    );
    open();
    await screen.findByTestId('report-table');
    fireEvent.click(within(screen.getByTestId('report-chart-switch')).getByText('柱状图'));
    await screen.findByTestId('report-chart');
    expect(drawn.at(-1)).toEqual({ chart: 'bar', x: 'region', y: ['amount'] });
    expect(screen.queryByTestId('report-table')).toBeNull();
  });

  it.each([
    ['zh', ['地区', 'Amount', 'share']],
    ['en', ['Region', 'Amount', 'share']],
  ] as const)(
    'heads the columns by the labels in %s, else the other language, else the code',
    async (lang, titles) => {
      await i18next.changeLanguage(lang);
      const view = {
        chart: 'table',
        labels: { region: { zh: '地区', en: 'Region' }, amount: { en: 'Amount' } },
      } as const;
      const labelled = { ...sales, params: [], view };
      serve(labelled, () =>
        envelope({
          ...rows,
          columns: ['region', 'amount', 'share'],
          rows: [{ region: '华东', amount: '120', share: '0.6' }],
          name: sales.name,
          view,
          params: [],
        }),
      );
      open();
      const table = await screen.findByTestId('report-table');
      expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(titles);
      // The KPI's caption is its column's header too.
      fireEvent.click(
        within(screen.getByTestId('report-chart-switch')).getByText(lang === 'zh' ? '指标' : 'KPI'),
      );
      expect((await screen.findByTestId('report-kpi')).textContent).toContain('Amount');
    },
  );

  it("shows the server's reason when a run is refused", async () => {
    serve({ ...sales, params: [] }, () =>
      jsonResponse({ code: 400, success: false, msg: '查询超时', data: null }, 400),
    );
    open();
    expect((await screen.findByTestId('report-error')).textContent).toContain('查询超时');
    await waitFor(() => expect(screen.queryByTestId('report-table')).toBeNull());
  });
});
