import type { Cookie, Page } from 'playwright-core';
import { inject } from 'vitest';

let basic: Promise<string> | undefined;

/**
 * The Basic authorization of the web client, as the app sends it with every call. The client is the run's server's
 * and does not change, so it is asked for once per worker, not before every resumed session.
 */
export function basicAuthorization(): Promise<string> {
  basic ??= fetch(`${inject('baseUrl')}/api/app-config`)
    .then((response) => response.json() as Promise<{ data: { clientId: string; clientSecret: string } }>)
    .then(({ data }) => `Basic ${Buffer.from(`${data.clientId}:${data.clientSecret}`).toString('base64')}`)
    .catch((error: unknown) => {
      basic = undefined;
      throw error;
    });
  return basic;
}

/** What a sign-in through the form left in the browser: the token cookies and the app's local storage. */
interface KeptSession {
  cookies: Cookie[];
  storage: [string, string][];
}

const kept = new Map<string, KeptSession>();

/** Keeps the session the page holds now under `key`, for the next test of the same user (resumeSession). */
export async function keepSession(page: Page, key: string): Promise<void> {
  const cookies = await page.context().cookies(inject('baseUrl'));
  const storage = await page.evaluate(() => Object.entries(localStorage));
  kept.set(key, { cookies, storage });
}

/**
 * Comes back as the user of a kept session, the way a returning user does: the browser still holds the session and
 * the user opens `/`, which shows the welcome page. Answers false (and forgets the session) when there is none or the
 * server no longer accepts its token (a test signed it out or changed the password): then the caller signs in again.
 */
export async function resumeSession(page: Page, key: string): Promise<boolean> {
  const session = kept.get(key);
  if (!session || !(await accepted(session))) {
    kept.delete(key);
    return false;
  }
  const base = inject('baseUrl');
  await page.context().addCookies(session.cookies);
  await page.goto(`${base}/api/health`);
  await page.evaluate((entries) => {
    for (const [name, value] of entries) {
      localStorage.setItem(name, value);
    }
  }, session.storage);
  await page.goto(`${base}/`);
  await page.waitForURL('**/wel/index');
  await page.locator('[data-testid=welcome-title]').waitFor();
  return true;
}

async function accepted(session: KeptSession): Promise<boolean> {
  const token = session.cookies.find((cookie) => cookie.name === 'yuan-access-token')?.value;
  if (!token) {
    return false;
  }
  const response = await fetch(`${inject('baseUrl')}/api/yuan-system/menu/buttons`, {
    headers: { Authorization: await basicAuthorization(), 'Blade-Auth': `bearer ${token}` },
  });
  const body = (await response.json().catch(() => ({}))) as { code?: number };
  return response.status === 200 && body.code === 200;
}
