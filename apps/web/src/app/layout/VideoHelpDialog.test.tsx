import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MenuNode } from '@yuan/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestGuards } from '../../shared/api/http.ts';
import { initI18n } from '../../shared/i18n/index.ts';
import { bindFeedback } from '../../shared/ui/feedback.ts';
import { useSession } from '../../stores/session.ts';
import { VideoHelpDialog } from './VideoHelpDialog.tsx';

initI18n();

const VIDEOS = [
  { id: '1', title: '如何登录', frontPath: '/oss/c/1.png', contentPath: '/v/1.mp4', columnNo: 'M01' },
  { id: '2', title: '如何转账', frontPath: 'javascript:alert(1)', contentPath: '/v/2.mp4', columnNo: 'P01' },
  { id: '3', title: '坏地址', frontPath: '', contentPath: 'javascript:alert(1)', columnNo: 'P03' },
];

function answer(config: unknown[]) {
  const body = JSON.stringify({ code: 200, success: true, msg: '', data: { config } });
  return vi.fn<typeof fetch>(
    async () => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
}

function renderDialog(open: boolean, onClose = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/wel/index']}>
        <Routes>
          <Route path="/wel/index" element={<VideoHelpDialog open={open} onClose={onClose} />} />
          <Route path="/help/video/index" element={<p>video screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const helpMenu: MenuNode = {
  id: '9',
  parentId: '0',
  code: 'helpVideo',
  name: '操作视频',
  i18n: { zh: '操作视频', en: 'Help videos' },
  path: '/help/video/index',
  source: '',
  sort: 16,
  category: 1,
  isOpen: 1,
  hidden: true,
  meta: {},
  children: [],
};

beforeEach(() => {
  bindFeedback({ error: vi.fn(), success: vi.fn(), warning: vi.fn() });
  resetRequestGuards();
  useSession.setState({ menuAll: [] });
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
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/yuan-api/showHallConfig/listHelp');
  });

  it('lists the videos with safe addresses only and filters them by column', async () => {
    vi.stubGlobal('fetch', answer(VIDEOS));
    const { container } = renderDialog(true);
    expect(await screen.findByText('如何登录')).toBeTruthy();
    expect(screen.getByText('如何转账')).toBeTruthy();
    // A video whose address is not http(s) or of this origin is not offered; an unsafe cover is not drawn.
    expect(screen.queryByText('坏地址')).toBeNull();
    const covers = [...container.ownerDocument.querySelectorAll('.ant-card-cover img')];
    expect(covers.map((img) => img.getAttribute('src'))).toEqual(['/oss/c/1.png']);

    expect(screen.getByText('全部 (2)')).toBeTruthy();
    fireEvent.click(screen.getByText('P01 (1)'));
    expect(screen.queryByText('如何登录')).toBeNull();
    expect(screen.getByText('如何转账')).toBeTruthy();
    fireEvent.click(screen.getByText('P03 (0)'));
    expect(screen.queryByText('如何转账')).toBeNull();
    expect(screen.getByText('暂无操作视频')).toBeTruthy();
  });

  it('offers the management screen only to users who have its menu', async () => {
    vi.stubGlobal('fetch', answer(VIDEOS));
    const first = renderDialog(true);
    await screen.findByText('如何登录');
    expect(screen.queryByText('管理视频')).toBeNull();
    first.unmount();

    useSession.setState({ menuAll: [helpMenu] });
    const onClose = vi.fn();
    renderDialog(true, onClose);
    fireEvent.click(await screen.findByText('管理视频'));
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('video screen')).toBeTruthy();
  });

  it('plays a chosen video and hides it again when it is closed', async () => {
    vi.stubGlobal('fetch', answer(VIDEOS));
    const { container } = renderDialog(true);
    fireEvent.click(await screen.findByText('如何转账'));
    const video = container.ownerDocument.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/v/2.mp4');
    // No full screen here: the player says so and stays in the dialog.
    expect(await screen.findByText('浏览器未允许全屏，视频在此播放')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('关闭视频'));
    });
    expect(container.ownerDocument.querySelector('video')).toBeNull();
  });
});
