import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { POOL_DEFAULTS } from '../db/pg-driver.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
});
afterAll(() => t.close());

const TOKEN = 'metrics-token-0123456789';

/** The value of one series in a Prometheus text answer, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts calls by route pattern and status, with their latency, the pool and the process', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    // An unknown path is one series, whatever its ids.
    await t.app.inject({ method: 'GET', url: '/api/no-such/123' });
    await t.app.inject({ method: 'GET', url: '/api/no-such/456' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(sample(text, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBe(2);
    expect(text).not.toContain('/api/no-such/123');
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBe(2);
    expect(sample(text, 'db_pool_sessions{state="max"}')).toBe(POOL_DEFAULTS.max);
    expect(sample(text, 'db_pool_sessions{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_waiting')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE cache_hits_total counter');
    expect(text).toContain('# TYPE job_lag_seconds gauge');
  });

  it('without METRICS_TOKEN answers only a caller on this machine that did not come through a proxy', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 403, success: false });
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '10.1.2.3' },
    });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.body).not.toContain('http_requests_total');
  });

  it('with METRICS_TOKEN answers whoever sends it as a bearer token, from anywhere, and no one else', async () => {
    const other = await createTestApp({ METRICS_TOKEN: TOKEN }, []);
    try {
      const get = (headers: Record<string, string>) =>
        other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers });
      expect((await get({})).statusCode).toBe(401);
      expect((await get({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
      const local = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(local.statusCode).toBe(401);
      const ok = await get({ authorization: `Bearer ${TOKEN}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE http_requests_total counter');
    } finally {
      await other.close();
    }
  });
});
