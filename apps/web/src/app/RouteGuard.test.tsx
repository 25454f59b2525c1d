import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TokenResponse } from '@yuan/contract';
import { useEffect } from 'react';
import { MemoryRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { removeTokens, saveTokens } from '../shared/auth/token.ts';
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

/** The paths the router shows, in order. */
function PathLog({ seen }: { seen: string[] }) {
  const location = useLocation();
  useEffect(() => {
    seen.push(location.pathname);
  }, [location.pathname, seen]);
  return null;
}

/** A sign-in form as the login page's: stores the login, waits for where to land, then goes there. */
function SignIn({ landing }: { landing: Promise<string> }) {
  const navigate = useNavigate();
  const signIn = async () => {
    useSession.getState().applyLogin(LOGIN);
    navigate(await landing, { replace: true });
  };
  return (
    <button type="button" onClick={() => void signIn()}>
      sign in
    </button>
  );
}

const LOGIN = {
  access_token: 'a',
  refresh_token: 'r',
  tenant_id: '000000',
  role_name: 'administrator',
} as TokenResponse;

describe('RouteGuard during a sign-in', () => {
  it('lets the sign-in alone take the user from /login to its landing page, then guards /login again', async () => {
    removeTokens();
    useSession.setState({ token: '', signingIn: false });
    let land: (path: string) => void = () => undefined;
    const landing = new Promise<string>((resolve) => {
      land = resolve;
    });
    const seen: string[] = [];
    render(
      <MemoryRouter initialEntries={['/login']}>
        <PathLog seen={seen} />
        <RouteGuard>
          <Routes>
            <Route path="/login" element={<SignIn landing={landing} />} />
            <Route path="/" element={<Navigate to="/wel/index" replace />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </RouteGuard>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'sign in' }));
    // The menus are still loading: the signed-in user waits on the login page, not on the first page.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(useSession.getState().signingIn).toBe(true);
    expect(seen).toEqual(['/login']);

    await act(async () => {
      land('/yuan/generic/wallet0/index');
      await landing;
    });
    expect((await screen.findByTestId('where')).textContent).toBe('/yuan/generic/wallet0/index');
    expect(seen).toEqual(['/login', '/yuan/generic/wallet0/index']);
    await waitFor(() => expect(useSession.getState().signingIn).toBe(false));
  });
});
