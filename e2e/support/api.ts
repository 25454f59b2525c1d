import { inject } from 'vitest';
import { baseUrl } from './browser.ts';
import { basicAuthorization } from './session.ts';

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

async function unwrap<T>(response: Response): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (response.status !== 200 || body.code !== 200) {
    throw new Error(`${response.url}: ${response.status} ${body.msg}`);
  }
  return body.data;
}

/** Logs in with the password grant of tenant 000000 and returns a client for the envelope calls. */
export async function apiLogin(account: string, password: string): Promise<ApiSession> {
  const authorization = await basicAuthorization();
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

/** A user of tenant 000000 to make: the names a person would type on the user screen. */
export interface NewUser {
  account: string;
  password: string;
  name: string;
  realName: string;
}

/**
 * Makes a user of tenant 000000 with the role of that alias (in the first department and post) through the API, as
 * an administrator would.
 */
export async function createUser(user: NewUser, roleAlias: string): Promise<void> {
  const admin = await apiLogin('admin', inject('adminPassword'));
  const roles = await admin.get<{ records: { id: string }[] }>('/api/yuan-system/role/list', { roleAlias });
  const depts = await admin.get<{ id: string }[]>('/api/yuan-system/dept/tree');
  const posts = await admin.get<{ records: { id: string }[] }>('/api/yuan-system/post/list');
  await admin.post('/api/yuan-user/submit', {
    ...user,
    roleId: roles.records[0]?.id,
    deptId: depts[0]?.id,
    postId: posts.records[0]?.id,
  });
}

/**
 * A user with the administrator role (every menu). A test that changes what is kept per user (language, profile,
 * password, wallets) does it on a user of its own: the files run side by side and all sign in as admin.
 */
export function createAdminUser(user: NewUser): Promise<void> {
  return createUser(user, 'administrator');
}
