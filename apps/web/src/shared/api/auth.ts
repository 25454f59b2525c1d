import type {
  CheckEmailVerifyCode,
  ClientLogEntry,
  ImageCaptcha,
  SlideCaptcha,
  SsoAnswer,
  SsoAuthorize,
  TokenResponse,
} from '@yuan/contract';
import { HEADERS } from '@yuan/contract/constants';
import { getAppConfig } from '../config/appConfig.ts';
import { buildUrl, call, request } from './http.ts';

const AUTH = '/api/yuan-auth/oauth';

export interface PasswordLogin {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  deptId?: string;
  roleId?: string;
}

/** Dept-Id and Role-Id travel only when switch mode is on (SPEC §6). */
function switchHeaders(deptId?: string, roleId?: string): Record<string, string> {
  if (!getAppConfig().switchMode) {
    return {};
  }
  const headers: Record<string, string> = {};
  if (deptId) {
    headers[HEADERS.dept] = deptId;
  }
  if (roleId) {
    headers[HEADERS.role] = roleId;
  }
  return headers;
}

export function loginByPassword(form: PasswordLogin): Promise<TokenResponse> {
  const headers: Record<string, string> = {
    [HEADERS.tenant]: form.tenantId,
    ...switchHeaders(form.deptId, form.roleId),
  };
  if (form.captchaKey) {
    headers[HEADERS.captchaKey] = form.captchaKey;
    headers[HEADERS.captchaCode] = form.captchaCode ?? '';
  }
  return request<TokenResponse>(`${AUTH}/token`, {
    method: 'POST',
    auth: false,
    headers,
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: form.password,
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
}

/** oauth/phone without a code: texts a sign-in code to the phone. */
export function sendPhoneCode(tenantId: string, phone: string): Promise<unknown> {
  return request(`${AUTH}/phone`, {
    method: 'POST',
    auth: false,
    headers: { [HEADERS.tenant]: tenantId },
    body: { tenantId, phone },
  });
}

/** oauth/phone with the texted code: the token response, as a password sign-in gives. */
export function loginByPhone(tenantId: string, phone: string, code: string): Promise<TokenResponse> {
  return request<TokenResponse>(`${AUTH}/phone`, {
    method: 'POST',
    auth: false,
    headers: { [HEADERS.tenant]: tenantId },
    body: { tenantId, phone, code },
  });
}

/** A configured third-party provider (OpenID Connect or OAuth 2) of the login page. */
export interface SocialSource {
  source: string;
  name: string;
}

/** oauth/render without a source lists the providers; a failure only hides them, so it stays silent. */
export function socialSources(): Promise<SocialSource[]> {
  return call<SocialSource[]>(`${AUTH}/render`, { auth: false, silent: true });
}

/**
 * The address the browser navigates to for a provider's sign-in: the server answers with a redirect and sets the
 * HttpOnly cookie binding the sign-in to this browser, which a fetch could not follow.
 */
export function socialRenderUrl(source: string, tenantId: string): string {
  return buildUrl(`${AUTH}/render`, { source, tenantId });
}

/** The provider's code and state for tokens; the server knows the tenant from the state. */
export function loginBySocial(code: string, state: string): Promise<TokenResponse> {
  return request<TokenResponse>(`${AUTH}/token`, {
    method: 'POST',
    auth: false,
    params: { grant_type: 'social', code, state, scope: 'all' },
  });
}

/** Single sign-on: the signed-in user lets an application sign them in. */
export function ssoAuthorize(body: SsoAuthorize): Promise<SsoAnswer> {
  return call<SsoAnswer>(`${AUTH}/authorize`, { method: 'POST', body });
}

/** Single sign-on with an e-mailed code: the code and the pending ssoCode give the redirect. */
export function checkEmailVerifyCode(body: CheckEmailVerifyCode): Promise<{ redirect: string }> {
  return call<{ redirect: string }>(`${AUTH}/checkEmailVerifyCode`, { method: 'POST', body });
}

export function refreshTokenCall(
  refreshToken: string,
  tenantId: string,
  deptId?: string,
  roleId?: string,
): Promise<TokenResponse> {
  return request<TokenResponse>(`${AUTH}/token`, {
    method: 'POST',
    auth: false,
    // A refresh is never a user's double click; the cross-tab lock already prevents concurrent refreshes.
    guard: false,
    headers: { [HEADERS.tenant]: tenantId, ...switchHeaders(deptId, roleId) },
    params: { grant_type: 'refresh_token', refresh_token: refreshToken, tenantId, scope: 'all' },
  });
}

/** `silent` when the session may already be gone on the server (a guest that just registered). */
export function logoutCall(silent = false): Promise<unknown> {
  return request(`${AUTH}/logout`, { silent });
}

export function fetchUserInfo(): Promise<TokenResponse> {
  return call<TokenResponse>(`${AUTH}/user-info`);
}

export function fetchSlideCaptcha(): Promise<SlideCaptcha> {
  return call<SlideCaptcha>(`${AUTH}/slide`, { auth: false });
}

export function fetchImageCaptcha(): Promise<ImageCaptcha> {
  return call<ImageCaptcha>(`${AUTH}/captcha`, { auth: false });
}

export function uploadClientLogs(logs: ClientLogEntry[]): Promise<unknown> {
  return request(`${AUTH}/client-log`, { method: 'POST', body: { logs } });
}

export function clearServerCache(): Promise<unknown> {
  return request(`${AUTH}/clear-cache`);
}
