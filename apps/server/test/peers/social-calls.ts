/** Test-only: the two calls of a third-party sign-in as a browser makes them. Not imported by runtime code. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { basic } from '../env.ts';
import type { TestApp } from '../harness.ts';

export function socialCalls(t: TestApp) {
  /** GET oauth/render: the provider URL and the browser cookie it set. */
  async function render(query = 'source=oidc'): Promise<{ url: string; cookie: string }> {
    const res = await t.app.inject({ method: 'GET', url: `/api/yuan-auth/oauth/render?${query}` });
    expect(res.statusCode).toBe(302);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    return { url: String(res.headers.location), cookie: /yuan_social=([^;]+)/.exec(setCookie)?.[1] ?? '' };
  }

  /** The token endpoint's social grant, with the cookie (or none). */
  function socialToken(
    params: Record<string, string>,
    cookie: string | undefined,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/api/yuan-auth/oauth/token',
      headers: {
        authorization: basic(),
        ...(cookie === undefined ? {} : { cookie: `yuan_social=${cookie}` }),
      },
      payload: { grant_type: 'social', ...params },
    });
  }

  return { render, socialToken };
}
