import { secret } from '@yuan/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { appLoggingLines } from '../../test/log-lines.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
});
afterAll(() => t.close());

describe("the server's log lines of a call", () => {
  it("clean an error of the call's declared secrets, and leave other calls' lines alone", async () => {
    const { app, lines } = await appLoggingLines(t);
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/probe/fail',
      {
        config: { public: true },
        schema: { body: z.object({ name: z.string(), pin: secret(z.string()) }) },
      },
      async (req) => {
        throw new Error(`could not save ${req.body.name} with ${req.body.pin}`);
      },
    );
    try {
      await app.ready();
      const res = await app.inject({
        method: 'POST',
        url: '/api/probe/fail',
        payload: { name: 'plain-name', pin: 'pin-7731-secret' },
      });
      expect(res.statusCode).toBe(500);
      app.log.error(new Error('outside a call: pin-7731-secret'));
      const errors = lines
        .map((line) => JSON.parse(line) as { err?: { message?: string; stack?: string } })
        .filter((l) => l.err);
      expect(errors).toHaveLength(2);
      const [inCall, outside] = errors;
      expect(inCall?.err?.message).toBe('could not save plain-name with ******');
      expect(inCall?.err?.stack).not.toContain('pin-7731-secret');
      // A line of no call knows no call's secrets.
      expect(outside?.err?.message).toBe('outside a call: pin-7731-secret');
    } finally {
      await app.close();
    }
  });
});
