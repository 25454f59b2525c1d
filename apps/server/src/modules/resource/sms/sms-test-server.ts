/** Test-only: a real HTTP server on 127.0.0.1 that plays one SMS provider. Not imported by runtime code. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  /** Path plus query, as sent on the request line. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the fake provider answers; 'hang' never answers (to exercise the timeout). */
export type Reply = { status: number; json: unknown } | 'hang';

export interface FakeProvider {
  url: string;
  requests: Received[];
  /** Exceptions thrown by the handler; tests assert it stays empty. */
  errors: unknown[];
  close(): Promise<void>;
}

export async function fakeProvider(handle: (req: Received) => Reply): Promise<FakeProvider> {
  const requests: Received[] = [];
  const errors: unknown[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      let reply: Reply;
      try {
        reply = handle(received);
      } catch (err) {
        // A bug in the handler must not pass silently as a provider failure the test expected.
        errors.push(err);
        reply = { status: 599, json: { testError: String(err) } };
      }
      if (reply === 'hang') {
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests keep their sockets open; drop them so close() can finish.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Awaits a promise that must reject and returns the rejection for inspection. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject');
}

/** Every text form of an error a caller might log or return. */
export function errorTexts(err: unknown): string {
  if (!(err instanceof Error)) {
    return String(err);
  }
  return [String(err), err.message, err.stack ?? '', JSON.stringify(err)].join('\n');
}
