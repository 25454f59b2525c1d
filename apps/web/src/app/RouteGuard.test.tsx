import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveTokens } from '../shared/auth/token.ts';
import { initI18n } from '../shared/i18n/index.ts';
import { useLock } from '../stores/lock.ts';
import { useSession } from '../stores/session.ts';
import { addTab, initialTabState } from '../stores/tabRules.ts';
import { useTabs } from '../stores/tabs.ts';
import { Where } from '../test/renderScreen.tsx';
import { RouteGuard } from './RouteGuard.tsx';

initI18n();

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RouteGuard>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </RouteGuard>
    </MemoryRouter>,
  );
}

describe('RouteGuard', () => {
  it('clears the session and goes to /login without a token', async () => {
    useSession.setState({ token: '', roles: ['administrator'] });
    useTabs.setState(
      addTab(initialTabState(), { ...initialTabState().tabs[0], value: '/x/index', close: true }),
    );
    renderAt('/system/user/index');
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
    expect(useSession.getState().roles).toEqual([]);
    expect(useTabs.getState().tabs.map((tab) => tab.value)).toEqual(['/wel/index']);
  });

  it('lets a visitor see the public pages', async () => {
    useSession.setState({ token: '' });
    renderAt('/404');
    expect((await screen.findByTestId('where')).textContent).toBe('/404');
  });

  it('sends a locked session to /lock and a logged-in user away from /login', async () => {
    saveTokens('t', 'r');
    useSession.setState({ token: 't' });
    useLock.setState({ isLock: true, lockPassword: 'x' });
    const { unmount } = renderAt('/wel/index');
    expect((await screen.findByTestId('where')).textContent).toBe('/lock');
    unmount();

    useLock.setState({ isLock: false, lockPassword: '' });
    renderAt('/login');
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });
});
