import type { Tab } from '../stores/tabRules.ts';

/** Route guard decisions of SPEC §2, kept pure so they can be tested without a browser. */

export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lock';
/**
 * Reachable without a token. /oauth/social (a provider's answer) and /oauth/authorize (another application's
 * single sign-on) work with or without one, so they are public but, unlike /login, do not send a session away.
 */
export const PUBLIC_PATHS = [
  '/login',
  '/login2',
  '/register',
  '/lock',
  '/404',
  '/403',
  '/500',
  '/oauth/social',
  '/oauth/authorize',
  // The mobile app's download page: a QR code for visitors.
  '/download',
] as const;

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

export function isLoginPath(path: string): boolean {
  return path === '/login' || path === '/login2';
}

export interface GuardInput {
  path: string;
  hasToken: boolean;
  locked: boolean;
  /** A sign-in on the login page is choosing where to land. */
  signingIn?: boolean;
}

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  /** No token on a protected page: the session is cleared before going to /login. */
  | { kind: 'logout'; to: string };

export function decideRoute({ path, hasToken, locked, signingIn = false }: GuardInput): GuardDecision {
  if (hasToken) {
    if (locked && path !== LOCK_PATH) {
      return { kind: 'redirect', to: LOCK_PATH };
    }
    if (isLoginPath(path) && !signingIn) {
      return { kind: 'redirect', to: '/' };
    }
    return { kind: 'pass' };
  }
  if (isPublicPath(path)) {
    return { kind: 'pass' };
  }
  return { kind: 'logout', to: LOGIN_PATH };
}

export interface TabInput {
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
  /** Name of the matched route (menu name in the current language), if any. */
  routeName?: string;
  meta?: Tab['meta'];
  group?: string[];
}

export type TabDecision = { kind: 'none' } | { kind: 'tab'; tab: Tab } | { kind: 'open-window'; url: string };

/**
 * Tab rule: value = query.src or the path; label = query.name or the route name; query.i18n becomes the tab's
 * i18n key; a query target opens the value in a new window instead; meta.isTab false or an empty value/label
 * means no tab.
 */
export function decideTab({ path, query, params, routeName, meta = {}, group = [] }: TabInput): TabDecision {
  const value = query.src || path;
  const label = query.name || routeName || '';
  if (query.target) {
    return value ? { kind: 'open-window', url: value } : { kind: 'none' };
  }
  if (meta.isTab === false || !value || !label) {
    return { kind: 'none' };
  }
  const tabQuery = { ...query };
  const tabMeta = query.i18n ? { ...meta, i18n: query.i18n } : meta;
  return {
    kind: 'tab',
    tab: { label, value, params, query: tabQuery, meta: tabMeta, group, close: true },
  };
}

/** A `menu` query parameter hides the sidebar (the page is shown without the menu). */
export function showsMenu(query: Record<string, string>): boolean {
  return query.menu === undefined;
}

/** Page title after navigation: the tab label, or the login title on /login. */
export function pageTitle(path: string, label: string, appTitle: string, loginTitle: string): string {
  if (isLoginPath(path)) {
    return `${loginTitle} | ${appTitle}`;
  }
  return label ? `${label} | ${appTitle}` : appTitle;
}

export function queryObject(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search).entries());
}
