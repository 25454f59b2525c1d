import type { TokenResponse } from '@yuan/contract';
import { FIRST_PAGE } from '@yuan/contract/constants';
import {
  loginByPassword,
  loginByPhone,
  loginBySocial,
  logoutCall,
  type PasswordLogin,
} from '../../shared/api/auth.ts';
import { fetchButtons, fetchRoutes } from '../../shared/api/menu.ts';
import { loadServerTexts, reloadInLanguage, serverLanguageChange } from '../../shared/i18n/serverTexts.ts';
import { buttonPermissions, isTourist, prepareMenu } from '../../shared/menu/rules.ts';
import { toastError } from '../../shared/ui/feedback.ts';
import { useLock } from '../../stores/lock.ts';
import { useSession } from '../../stores/session.ts';
import { useTabs } from '../../stores/tabs.ts';
import { landingPath } from './landing.ts';

/** Any login stores tokens, tenant and user, then clears all tabs and the lock (SPEC §4). */
export function login(form: PasswordLogin): Promise<TokenResponse> {
  return completeLogin(loginByPassword(form));
}

/** Phone sign-in with the texted code; stored like any login. */
export function phoneLogin(tenantId: string, phone: string, code: string): Promise<TokenResponse> {
  return completeLogin(loginByPhone(tenantId, phone, code));
}

/**
 * Third-party sign-in with the provider's code and state. A guest (no linked user) is stored too: its token is
 * what authorizes the guest registration.
 */
export function socialLogin(code: string, state: string): Promise<TokenResponse> {
  return completeLogin(loginBySocial(code, state));
}

/** A sign-in answer obtained elsewhere (the second step, after its recovery codes were shown): stored like any. */
export function acceptLogin(response: TokenResponse): Promise<TokenResponse> {
  return completeLogin(Promise.resolve(response));
}

async function completeLogin(answer: Promise<TokenResponse>): Promise<TokenResponse> {
  const response = await answer;
  const oauthError = (response as Partial<{ error_description: string }>).error_description;
  if (oauthError) {
    // A login answer carrying error_description is a failure: show it and store nothing.
    toastError(oauthError);
    throw new Error(oauthError);
  }
  useSession.getState().applyLogin(response);
  useTabs.getState().closeAll();
  useLock.getState().clear();
  return response;
}

/**
 * Forced logout: clears token, menus, roles, tabs and lock without a server call. `keepCookies` is used when
 * another browser tab already logged out (it may have logged in again meanwhile, so its cookies stay).
 */
export function forcedLogout(keepCookies = false): void {
  const session = useSession.getState();
  if (keepCookies) {
    useSession.setState({
      token: '',
      refreshToken: '',
      menu: [],
      menuAll: [],
      roles: [],
      menuStatus: 'idle',
    });
  } else {
    session.clear();
  }
  useTabs.getState().closeAll();
  useLock.getState().clear();
}

/**
 * Logout calls the server first, then clears the session even when the call fails. `quiet` hides the failure's
 * toast where the server may have ended the session already (a guest that registered).
 */
export async function logout(quiet = false): Promise<void> {
  try {
    await logoutCall(quiet);
  } finally {
    forcedLogout();
  }
}

/** Loads the menu tree (optionally of a top menu) and the button permissions. */
export async function loadMenus(topMenuId = ''): Promise<void> {
  const session = useSession.getState();
  session.setMenuStatus('loading');
  try {
    const [routes, buttons] = await Promise.all([fetchRoutes(topMenuId || undefined), fetchButtons()]);
    const roles = useSession.getState().roles;
    useSession.getState().setPermission(buttonPermissions(buttons));
    useSession.getState().setMenus(prepareMenu(routes, roles, topMenuId || undefined), topMenuId);
  } catch (error) {
    useSession.getState().setMenuStatus('error');
    throw error;
  }
}

/**
 * Where to go after a sign-in: the menus are loaded first (the layout then finds them ready and does not ask
 * again), so the wallet's first page is chosen only for a user whose menus have it (see landing.ts). The caller
 * navigates there. When this fails, the guard takes the signed-in user from the login page to the first page.
 */
export async function landingPage(): Promise<string> {
  try {
    return await chooseLanding();
  } catch (error) {
    useSession.getState().endSignIn();
    throw error;
  }
}

async function chooseLanding(): Promise<string> {
  const tourist = isTourist(useSession.getState().userInfo?.role_name);
  // Beside the menus: the user's language kept on the server, and the texts of the user's own tenant.
  const [path, language] = await Promise.all([
    menuLanding(),
    serverLanguageChange(tourist),
    loadServerTexts(),
  ]);
  if (language) {
    reloadInLanguage(language, path);
    // The page reloads in the user's language; nothing more happens in this one.
    return new Promise<string>(() => undefined);
  }
  return path;
}

async function menuLanding(): Promise<string> {
  try {
    await loadMenus(useSession.getState().topMenuId);
  } catch {
    // The layout shows the failed menu with its retry; the welcome page needs no menu entry.
    return FIRST_PAGE.path;
  }
  return landingPath(useSession.getState().menu);
}
