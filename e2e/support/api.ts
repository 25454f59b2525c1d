import { baseUrl } from './browser.ts';

/** Direct calls to the server under test (setting up data a screen does not create). */
export interface ApiSession {
  get: <T>(path: string, params?: Record<string, string>) => Promise<T>;
  post: <T>(path: string, body: unknown) => Promise<T>;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function basic(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/app-config`);
  const config = ((await response.json()) as Envelope<{ clientId: string; clientSecret: string }>).data;
  return `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;
}

async function unwrap<T>(response: Response): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (response.status !== 200 || body.code !== 200) {
    throw new Error(`${response.url}: ${response.status} ${body.msg}`);
  }
  return body.data;
}

/** Logs in with the password grant of tenant 000000 and returns a client for the envelope calls. */
export async function apiLogin(account: string, password: string): Promise<ApiSession> {
  const authorization = await basic();
  const query = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password,
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const response = await fetch(`${baseUrl()}/api/yuan-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: authorization, 'Tenant-Id': '000000' },
  });
  const token = ((await response.json()) as { access_token?: string }).access_token;
  if (!token) {
    throw new Error(`login of ${account} failed`);
  }
  const headers = { Authorization: authorization, 'Blade-Auth': `bearer ${token}` };
  return {
    get: async (path, params) =>
      unwrap(await fetch(`${baseUrl()}${path}?${new URLSearchParams(params ?? {})}`, { headers })),
    post: async (path, body) =>
      unwrap(
        await fetch(`${baseUrl()}${path}`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
  };
}

/**
 * A signed-in user's language switch is kept on the server and adopted at the next sign-in (SPEC §7 i18n): a test
 * that switches the admin to English puts the admin's language back to zh, or later files would start in English.
 */
export async function resetAdminLanguage(password: string): Promise<void> {
  const api = await apiLogin('admin', password);
  await api.get('/api/yuan-api/i18n/saveOrUpdateLanguage', { i18nModel: 'eth_frontend', languageType: 'zh' });
}
