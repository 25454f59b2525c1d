import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/**
 * POST helpers for one API prefix: `call` answers the raw reply, `data` expects success and answers the envelope's
 * data. Tokens are read when called (the app and its tokens are made in `beforeAll`).
 */
export function apiCalls(t: TestApp, base: string, defaultToken: () => string) {
  const call = (url: string, body: unknown, token = defaultToken()) =>
    t.call('POST', `${base}${url}`, token, body);
  const data = async (url: string, body: unknown, token = defaultToken()) => {
    const res = await call(url, body, token);
    expect(res.json(), url).toMatchObject({ success: true });
    return res.json().data;
  };
  return { call, data };
}
