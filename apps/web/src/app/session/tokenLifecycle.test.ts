import type { TokenResponse } from '@yuan/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestGuards } from '../../shared/api/http.ts';
import { getRefreshToken, getToken, getTokenTime, saveTokens } from '../../shared/auth/token.ts';
import { bindFeedback } from '../../shared/ui/feedback.ts';
import { useSession } from '../../stores/session.ts';
import { setTestAppConfig } from '../../test/appConfig.ts';
import { checkToken, refreshToken, startTokenLifecycle } from './tokenLifecycle.ts';

let fetchMock: ReturnType<typeof vi.fn>;

function tokenResponse(n: number): TokenResponse {
  return {
    user_id: '1',
    account: 'admin',
    user_name: 'admin',
    nick_name: 'admin',
    real_name: 'admin',
    role_name: 'administrator',
    role_id: '2',
    dept_id: '3',
    post_id: '4',
    tenant_id: '000000',
    tenant_code: '000000',
    oauth_id: '',
    avatar: '',
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    token_type: 'bearer',
    expires_in: 3600,
    scope: 'all',
    license: '',
  };
}

const SECONDS = 1000;

type LockTask = (lock: object | null) => Promise<unknown>;

/**
 * Web Locks as another tab sees them: free (`null`), or held by a tab that lets go when the test calls the
 * release pushed to `releases`.
 */
function heldBy(releases: Array<() => void> | null) {
  return {
    request: (_name: string, ...args: [LockTask] | [{ ifAvailable?: boolean }, LockTask]) => {
      const task = args.length === 1 ? args[0] : args[1];
      if (releases === null) {
        return task({});
      }
      if (args.length === 2 && args[0].ifAvailable) {
        return task(null);
      }
      return new Promise((resolve) => {
        releases.push(() => void task({}).then(resolve));
      });
    },
  };
}

beforeEach(() => {
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(tokenResponse(2)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  bindFeedback({ error: vi.fn(), success: vi.fn(), warning: vi.fn() });
  resetRequestGuards();
  setTestAppConfig({ clientId: 'c', clientSecret: 's' });
  useSession.setState({
    tenantId: '000000',
    userInfo: tokenResponse(1),
    token: 'access-1',
    refreshToken: 'refresh-1',
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('token refresh', () => {
  it('refreshes once when the token age reaches tokenTime, even if asked twice', async () => {
    saveTokens('access-1', 'refresh-1', Date.now() - 3000 * SECONDS);
    await Promise.all([refreshToken(), refreshToken()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = String(fetchMock.mock.calls[0][0]);
    expect(url).toContain('grant_type=refresh_token');
    expect(url).toContain('refresh_token=refresh-1');
    expect(url).toContain('tenantId=000000');
    expect(getToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(Date.now() - getTokenTime()).toBeLessThan(5 * SECONDS);
    expect(useSession.getState().token).toBe('access-2');
  });

  it('refreshes when it finds the lock free', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: heldBy(null) });
    saveTokens('access-1', 'refresh-1', Date.now() - 3000 * SECONDS);
    await refreshToken();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useSession.getState().token).toBe('access-2');
  });

  it('finding the lock held, waits for that tab and takes its token without refreshing, whatever its time says', async () => {
    const releases: Array<() => void> = [];
    vi.stubGlobal('navigator', { ...navigator, locks: heldBy(releases) });
    saveTokens('access-1', 'refresh-1', Date.now() - 3000 * SECONDS);
    const pending = refreshToken();
    await Promise.resolve();
    // The other tab's cookies are here; its token time has not reached this renderer yet.
    saveTokens('access-other', 'refresh-other', Date.now() - 3000 * SECONDS);
    expect(releases).toHaveLength(1);
    releases[0]();
    await pending;
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('access-other');
  });

  it('starts no refresh once the page is leaving, and checks again if it stays', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval'] });
    try {
      saveTokens('access-1', 'refresh-1', Date.now() - 3000 * SECONDS);
      const stop = startTokenLifecycle();
      await vi.waitFor(() => expect(useSession.getState().token).toBe('access-2'));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      saveTokens('access-2', 'refresh-2', Date.now() - 3000 * SECONDS);
      window.dispatchEvent(new Event('beforeunload'));
      await checkToken();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(10 * SECONDS);
      await checkToken();
      expect(fetchMock).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing before tokenTime', async () => {
    saveTokens('access-1', 'refresh-1', Date.now() - 100 * SECONDS);
    await checkToken();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs out when the stored token is older than one hour', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    saveTokens('access-1', 'refresh-1', Date.now() - 3600 * SECONDS);
    await checkToken();
    expect(info).toHaveBeenCalledWith('token expired');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe('');
    expect(useSession.getState().token).toBe('');
  });
});

describe('other tabs', () => {
  function storageEvent(newValue: string | null): StorageEvent {
    return new StorageEvent('storage', { key: 'yuan-token-time', newValue });
  }

  it('logs out when another tab removed the token time, even while this tab still reads its cookie', () => {
    saveTokens('access-1', 'refresh-1');
    const stop = startTokenLifecycle();
    try {
      window.dispatchEvent(storageEvent(null));
      expect(useSession.getState().token).toBe('');
      // The cookie belongs to whoever logs in next in the other tab: it is left alone.
      expect(getToken()).toBe('access-1');
    } finally {
      stop();
    }
  });

  it('picks up the tokens another tab stored', () => {
    saveTokens('access-1', 'refresh-1');
    const stop = startTokenLifecycle();
    try {
      saveTokens('access-9', 'refresh-9');
      window.dispatchEvent(storageEvent(String(Date.now())));
      expect(useSession.getState().token).toBe('access-9');
    } finally {
      stop();
    }
  });
});
