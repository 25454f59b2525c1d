import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const PAGE = '<!doctype html><title>Yuan Admin</title><div id="root"></div>';
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'yuan-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), PAGE);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  t = await createTestApp({ WEB_DIST: dist }, []);
});
afterAll(() => t.close());

describe('the web app behind the server', () => {
  it('serves the page at the address the README gives and at every client route', async () => {
    for (const url of ['/', '/wel/index', '/system/user', '/no/such/page', '/login?redirect=%2Fwel']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(PAGE);
    }
  });

  it('answers the page at / whatever the caller accepts (a monitor, curl), as a static site does', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(PAGE);
    }
    // Only the root: another address asked without text/html keeps its JSON answer (below).
    const other = await t.app.inject({ method: 'GET', url: '/wel/index', headers: { accept: '*/*' } });
    expect(other.statusCode).toBe(404);
  });

  it('answers HEAD for a page like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });

  it('serves built files as they are, hashed ones cached for good', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1);');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps JSON answers for the API, the object store, missing files and non-page requests', async () => {
    const cases: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string> }[] = [
      { method: 'GET', url: '/api/nothing', headers: html },
      { method: 'GET', url: '/api', headers: html },
      { method: 'GET', url: '/oss/missing.png', headers: html },
      { method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } },
      { method: 'GET', url: '/wel/index', headers: { accept: 'application/json' } },
      { method: 'POST', url: '/wel/index', headers: html },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, c.url).toBe(404);
      expect(res.json(), c.url).toEqual({ code: 404, success: false, msg: '请求的资源不存在', data: null });
    }
  });

  it('still guards the API: a page request for an API route needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/yuan-auth/oauth/user-info', headers: html });
    expect(res.statusCode).toBe(401);
  });
});
