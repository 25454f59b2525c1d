import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { TokenResponse } from '@yuan/contract/auth';
import type { WebsiteConfig } from '@yuan/contract/system/website';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { WelcomePage } from './WelcomePage.tsx';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(() => {
  useSession.setState({ permission: {} });
});

const EMPTY: WebsiteConfig = { title: '', banner: '', intro: '', links: [], updateTime: null };

function open() {
  return renderInApp(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <WelcomePage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the welcome page', () => {
  it("greets the user while the tenant's page is empty, and offers no edit without the button", async () => {
    fetchMock.mockResolvedValue(envelope(EMPTY));
    open();
    expect(await screen.findByTestId('welcome-title')).toBeTruthy();
    expect(screen.queryByTestId('website-view')).toBeNull();
    expect(screen.queryByText('编辑欢迎页')).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/yuan-api/website/config');
  });

  it("names the user's roles as the role screen does, not by their codes", async () => {
    const user = { user_id: '1123598821738675201', account: 'admin', tenant_id: '000000' };
    useSession.setState({ roles: ['administrator'], userInfo: user as TokenResponse });
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/api/yuan-user/info')
        ? envelope({ account: 'admin', roleNames: ['超级管理员'] })
        : envelope(EMPTY),
    );
    open();
    expect(await screen.findByText('超级管理员')).toBeTruthy();
    expect(screen.queryByText('administrator')).toBeNull();
  });

  it('shows the configured page with its links, never running markup in the introduction', async () => {
    useSession.setState({ permission: { wel_edit: true } });
    fetchMock.mockResolvedValue(
      envelope({
        ...EMPTY,
        title: '元宇宙平台',
        intro: '<p>你好<img src="x" onerror="alert(1)"><script>alert(2)</script></p>',
        links: [{ title: '钱包', url: '/yuan/generic/wallet0/index' }],
        updateTime: '2026-11-26T00:00:00.000Z',
      }),
    );
    open();
    expect((await screen.findByTestId('website-title')).textContent).toBe('元宇宙平台');
    const intro = screen.getByTestId('website-intro');
    expect(intro.textContent).toBe('你好');
    expect(intro.innerHTML).not.toMatch(/onerror|script/);
    expect(screen.getByRole('button', { name: /钱包/ })).toBeTruthy();
    expect(screen.queryByTestId('welcome-title')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: /编辑欢迎页/ })).toBeTruthy());
  });
});
