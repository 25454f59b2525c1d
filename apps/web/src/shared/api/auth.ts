import type { ClientLogEntry, ImageCaptcha, SlideCaptcha, TokenResponse } from '@yuan/contract';
import { HEADERS } from '@yuan/contract/constants';
import { getAppConfig } from '../config/appConfig.ts';
import { call, request } from './http.ts';

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

export function logoutCall(): Promise<unknown> {
  return request(`${AUTH}/logout`);
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
