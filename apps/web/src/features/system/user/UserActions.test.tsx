import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestGuards } from '../../../shared/api/http.ts';
import { initI18n } from '../../../shared/i18n/index.ts';
import { bindFeedback } from '../../../shared/ui/feedback.ts';
import { useSession } from '../../../stores/session.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { envelope } from '../../../test/responses.ts';
import { UserToolbar } from './UserActions.tsx';

initI18n();

const feedback = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };

function renderToolbar(selected: { id: string }[], reload = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <App>
        <UserToolbar context={{ reload, selected, search: {} }} />
      </App>
    </QueryClientProvider>,
  );
  return reload;
}

beforeEach(() => {
  bindFeedback(feedback);
  resetRequestGuards();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('zh');
});

describe("user list: reset a user's second factor", { timeout: 30_000 }, () => {
  it('asks first, then clears the chosen users’ factors and reloads', async () => {
    useSession.setState({ permission: { user_reset: true } });
    const fetchMock = vi.fn<typeof fetch>(async () => envelope(true));
    vi.stubGlobal('fetch', fetchMock);
    const reload = renderToolbar([{ id: '11' }, { id: '12' }]);
    await userEvent.click(screen.getByRole('button', { name: '重置两步验证' }));
    expect(await screen.findByText(/确定清除选中用户的两步验证/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/yuan-user/mfa/reset');
    expect(JSON.parse(String(init?.body))).toEqual({ userIds: '11,12' });
  });

  it('needs the reset button and a selection; English names it', async () => {
    useSession.setState({ permission: {} });
    renderToolbar([]);
    expect(screen.queryByRole('button', { name: '重置两步验证' })).toBeNull();
    await i18next.changeLanguage('en');
    useSession.setState({ permission: { user_reset: true } });
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset two-step verification' }));
    expect(feedback.warning).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
