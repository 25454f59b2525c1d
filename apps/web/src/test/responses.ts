import type { TokenResponse } from '@yuan/contract';

/** A JSON answer as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The envelope of a successful call. */
export function envelope(data: unknown, msg = ''): Response {
  return jsonResponse({ code: 200, success: true, msg, data });
}

/** A token answer; override user_id with '' or a negative id for a guest of a third-party sign-in. */
export function tokenAnswer(overrides: Partial<TokenResponse> = {}): TokenResponse {
  return {
    user_id: '1123598821738675201',
    account: 'admin',
    user_name: 'admin',
    nick_name: '管理员',
    real_name: '管理员',
    role_name: 'administrator',
    role_id: '1',
    dept_id: '1',
    post_id: '1',
    tenant_id: '000000',
    tenant_code: '000000',
    oauth_id: '',
    avatar: '',
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    expires_in: 3600,
    scope: 'all',
    license: 'powered by yuan',
    ...overrides,
  };
}
