import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { appLoggingLines } from '../../test/log-lines.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the request id', () => {
  it('is a fresh UUID per call, in a response header, on answers and refusals alike', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/yuan-system/param/list' });
    expect(b.statusCode).toBe(401);
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("keeps a proxy's plain id, and replaces one that could break a log line or is too long", async () => {
    const sent = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } })).headers[
        'x-request-id'
      ];
    expect(await sent('lb-7f3a.42:1')).toBe('lb-7f3a.42:1');
    expect(await sent('a"} {"level":60')).toMatch(UUID);
    expect(await sent('x'.repeat(65))).toMatch(UUID);
  });

  it('is in every log line of the call, as the header says', async () => {
    const { app, lines } = await appLoggingLines(t);
    try {
      await app.ready();
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'probe-1' },
      });
      expect(res.headers['x-request-id']).toBe('probe-1');
      const ofCall = lines
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
        .filter((l) => l.reqId);
      // Fastify logs the incoming call and its completion, each with the id.
      expect(ofCall.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(ofCall.every((l) => l.reqId === 'probe-1')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
