import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
});
afterAll(() => t.close());

describe('security headers', () => {
  it('are on every answer: success, failure and unknown paths', async () => {
    for (const url of ['/api/health', '/api/yuan-auth/oauth/user-info', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
          "img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
          "style-src 'self' 'unsafe-inline';upgrade-insecure-requests;media-src 'self' blob: https:;" +
          "frame-src 'self' https: http:",
      );
      expect(res.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-xss-protection': '0',
      });
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});
