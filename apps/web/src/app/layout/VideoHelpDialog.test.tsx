import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestGuards } from '../../shared/api/http.ts';
import { initI18n } from '../../shared/i18n/index.ts';
import { bindFeedback } from '../../shared/ui/feedback.ts';
import { VideoHelpDialog } from './VideoHelpDialog.tsx';

initI18n();

function answer(config: unknown[]) {
  const body = JSON.stringify({ code: 200, success: true, msg: '', data: { config } });
  return vi.fn<typeof fetch>(
    async () => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
}

function renderDialog(open: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <VideoHelpDialog open={open} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  bindFeedback({ error: vi.fn(), success: vi.fn(), warning: vi.fn() });
  resetRequestGuards();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('video help dialog', () => {
  it('loads the list only when opened', () => {
    const fetchMock = answer([]);
    vi.stubGlobal('fetch', fetchMock);
    renderDialog(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the empty state for an empty list', async () => {
    const fetchMock = answer([]);
    vi.stubGlobal('fetch', fetchMock);
    renderDialog(true);
    expect(await screen.findByText('暂无操作视频')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/yuan-api/showHallConfig/listHelp');
  });

  it('lists the videos with their titles', async () => {
    vi.stubGlobal(
      'fetch',
      answer([{ id: '1', title: '如何登录', frontPath: '', contentPath: '/v/1.mp4', columnNo: 'M01' }]),
    );
    renderDialog(true);
    expect(await screen.findByText('如何登录')).toBeTruthy();
    expect(screen.getByText('M01')).toBeTruthy();
  });
});
