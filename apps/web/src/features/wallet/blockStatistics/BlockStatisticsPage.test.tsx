import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { Issuance } from '@yuan/contract/wallet/wallet';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartOption } from '../../../shared/charts/echarts.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { BlockStatisticsPage } from './BlockStatisticsPage.tsx';

// jsdom has no canvas: the charts are stood in for by their options, which is what this screen decides.
const drawn = new Map<string, ChartOption>();
vi.mock('../../../shared/charts/EChart.tsx', () => ({
  EChart: ({ option, testId }: { option: ChartOption; testId: string }) => {
    drawn.set(testId, option);
    return <div data-testid={testId} />;
  },
}));

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

function open(issuance: Issuance) {
  const bodies: unknown[] = [];
  fetchMock.mockImplementation(async (_url, init) => {
    bodies.push(JSON.parse(String(init?.body ?? '{}')));
    return envelope(issuance);
  });
  renderInApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BlockStatisticsPage />
    </QueryClientProvider>,
  );
  return bodies;
}

const block = { number: '12', hash: `0x${'f'.repeat(64)}`, time: '2026-01-02T03:04:05.000Z', txCount: 3 };

describe('territory issuance', { timeout: 60_000 }, () => {
  it('asks for the last 30 days and says when nothing was issued, still listing the latest blocks', async () => {
    const bodies = open({ territories: [], daily: [], blocks: [block] });
    await screen.findByTestId('issuance-empty');
    expect(screen.queryByTestId('issuance-totals')).toBeNull();
    expect(await screen.findByText('12')).toBeTruthy();
    const asked = bodies[0] as { from: string; to: string };
    const days = (Date.parse(asked.to) - Date.parse(asked.from)) / 86_400_000;
    expect(days).toBe(29);
  });

  it('draws the totals and the days when something was issued', async () => {
    open({
      territories: [{ code: '110000', name: '北京市', total: '5', share: 100 }],
      daily: [{ day: '2026-01-02', code: '110000', amount: '5' }],
      blocks: [block],
    });
    await waitFor(() => expect(screen.getByTestId('issuance-totals')).toBeTruthy());
    expect(screen.getByTestId('issuance-daily')).toBeTruthy();
    expect(screen.queryByTestId('issuance-empty')).toBeNull();
    expect(drawn.get('issuance-totals')?.xAxis).toMatchObject({ data: ['北京市'] });
    expect(drawn.get('issuance-daily')?.series).toMatchObject([{ type: 'line', name: '北京市', data: [5] }]);
  });
});
