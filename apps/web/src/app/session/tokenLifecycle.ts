import { TOKEN_CHECK_INTERVAL_MS, TOKEN_MAX_AGE_S } from '@yuan/contract/constants';
import { refreshTokenCall } from '../../shared/api/auth.ts';
import { getRefreshToken, getToken, saveTokens, tokenAgeSeconds } from '../../shared/auth/token.ts';
import { getAppConfig } from '../../shared/config/appConfig.ts';
import { useSession } from '../../stores/session.ts';
import { navigateTo } from '../navigation.ts';
import { forcedLogout } from './actions.ts';

const LOCK_NAME = 'yuan-token-refresh';
const TOKEN_TIME_KEY = 'yuan-token-time';

let refreshing: Promise<void> | null = null;
/**
 * Set once this document starts to leave (reload, navigation away). A refresh started then would reach the
 * server and rotate the refresh token, while its answer dies with the document: the next document would present
 * the old refresh token, which the server takes for a stolen copy and ends the session.
 */
let leaving = false;

/**
 * Runs `task` while holding a lock shared by every tab of this origin (Web Locks), or just runs it. A tab that
 * finds the lock held does not run it: it waits for the holder and then runs `followed`. The holder is refreshing,
 * and what it stores (token time, cookies) reaches another tab's renderer a moment later, so a tab that took the
 * lock after it could still read the old token time and present the refresh token a second time.
 */
async function withSharedLock(task: () => Promise<void>, followed: () => void): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) {
    return task();
  }
  const locks = navigator.locks;
  const ran = await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
    if (!lock) {
      return false;
    }
    await task();
    return true;
  });
  if (!ran) {
    await locks.request(LOCK_NAME, async () => undefined);
    followed();
  }
}

/** Takes the tokens another tab stored into this tab's session. */
function pickUpTokens(): void {
  useSession.getState().applyTokens(getToken(), getRefreshToken());
}

function needsRefresh(): boolean {
  return tokenAgeSeconds() >= getAppConfig().tokenTime;
}

/**
 * One refresh for all open tabs: the first tab to take the lock refreshes; the others wait for the lock, see
 * the fresh token time in localStorage and only pick up the new cookies. Rotated refresh tokens must never be
 * used twice (the server revokes the whole family on reuse), which is why this lock matters.
 */
export function refreshToken(): Promise<void> {
  if (refreshing) {
    return refreshing;
  }
  refreshing = withSharedLock(async () => {
    if (!needsRefresh()) {
      pickUpTokens();
      return;
    }
    const session = useSession.getState();
    const info = session.userInfo;
    const response = await refreshTokenCall(
      getRefreshToken(),
      session.tenantId,
      info?.dept_id,
      info?.role_id,
    );
    saveTokens(response.access_token, response.refresh_token);
    useSession.setState({
      token: response.access_token,
      refreshToken: response.refresh_token,
      userInfo: { ...response },
    });
  }, pickUpTokens).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The 10 s check of SPEC §4: older than one hour → logout; older than tokenTime → refresh. */
export async function checkToken(): Promise<void> {
  if (!getToken() || leaving) {
    return;
  }
  if (tokenAgeSeconds() >= TOKEN_MAX_AGE_S) {
    console.info('token expired');
    forcedLogout();
    navigateTo('/login');
    return;
  }
  if (needsRefresh()) {
    try {
      await refreshToken();
    } catch {
      // The request client already showed the error; a 401 there also logged out.
    }
  }
}

/** Other tabs changed the token (refresh, login) or logged out: follow them. */
function onLeave(): void {
  leaving = true;
  // A document still here one check later stayed (another handler kept it): it checks its token again.
  setTimeout(() => {
    leaving = false;
  }, TOKEN_CHECK_INTERVAL_MS);
}

function onStorage(event: StorageEvent): void {
  if (event.key !== TOKEN_TIME_KEY) {
    return;
  }
  // The cookie of another renderer may still be cached here when the storage event arrives, so the removed
  // token time alone decides that the other tab logged out.
  if (event.newValue === null) {
    if (useSession.getState().token) {
      forcedLogout(true);
      navigateTo('/login');
    }
    return;
  }
  pickUpTokens();
}

export function startTokenLifecycle(): () => void {
  void checkToken();
  const timer = window.setInterval(() => void checkToken(), TOKEN_CHECK_INTERVAL_MS);
  window.addEventListener('storage', onStorage);
  window.addEventListener('beforeunload', onLeave);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('beforeunload', onLeave);
  };
}
