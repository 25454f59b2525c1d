import Cookies from 'js-cookie';

/** Access and refresh tokens live in cookies (SPEC §4); the time they were issued lives in localStorage. */
const ACCESS = 'yuan-access-token';
const REFRESH = 'yuan-refresh-token';
const ISSUED_AT = 'yuan-token-time';

export function getToken(): string {
  return Cookies.get(ACCESS) ?? '';
}

export function getRefreshToken(): string {
  return Cookies.get(REFRESH) ?? '';
}

/** Milliseconds since epoch when the current token was stored; 0 when unknown. */
export function getTokenTime(): number {
  const raw = Number(localStorage.getItem(ISSUED_AT));
  return Number.isFinite(raw) ? raw : 0;
}

export function saveTokens(access: string, refresh: string, issuedAt = Date.now()): void {
  const attributes = { sameSite: 'strict' as const, path: '/' };
  Cookies.set(ACCESS, access, attributes);
  Cookies.set(REFRESH, refresh, attributes);
  localStorage.setItem(ISSUED_AT, String(issuedAt));
}

export function removeTokens(): void {
  Cookies.remove(ACCESS, { path: '/' });
  Cookies.remove(REFRESH, { path: '/' });
  localStorage.removeItem(ISSUED_AT);
}

/** Token age in whole seconds. */
export function tokenAgeSeconds(now = Date.now()): number {
  const issued = getTokenTime();
  return issued > 0 ? Math.floor((now - issued) / 1000) : 0;
}
