/**
 * Test-only: a real HTTP server on 127.0.0.1 that plays one outside provider (an SMS gateway, an object store),
 * and the small helpers their tests share. Not imported by runtime code.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { Egress } from '../../src/lib/egress/egress.ts';
import { type ProviderReply, type Transport, viaEgress } from '../../src/lib/provider-http/call-provider.ts';

export interface Received {
  method: string;
  /** Path plus query, as sent on the request line. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  body: Buffer;
}

/** What the fake answers; 'hang' never answers (to exercise the timeout). */
export type Answer = { status: number; body?: string; contentType?: string } | 'hang';

export interface FakeServer<R = Received> {
  url: string;
  /** Every request, as the handler saw it. */
  requests: R[];
  /** Exceptions thrown by the handler; tests assert it stays empty. */
  errors: unknown[];
  close(): Promise<void>;
}

/** A fake whose handler sees the raw request; answers without a content type are sent as `contentType`. */
export function fakeServer(
  handle: (req: Received) => Answer,
  contentType = 'application/octet-stream',
): Promise<FakeServer> {
  return fakeServerAs((req) => req, handle, contentType);
}

/** A fake whose handler (and `requests`) see each request as `view` turns it (say, with the body as text). */
export async function fakeServerAs<R>(
  view: (req: Received) => R,
  handle: (req: R) => Answer,
  contentType: string,
): Promise<FakeServer<R>> {
  const requests: R[] = [];
  const errors: unknown[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = view({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      requests.push(received);
      let answer: Answer;
      try {
        answer = handle(received);
      } catch (err) {
        // A bug in the handler must not pass silently as a provider failure the test expected.
        errors.push(err);
        answer = { status: 599, body: `test handler failed: ${String(err)}`, contentType: 'text/plain' };
      }
      if (answer === 'hang') {
        return;
      }
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? contentType });
      res.end(answer.body ?? '');
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

/**
 * Starts a fake before the calling file's tests and closes it after them. The handle reads through to the
 * running server, so it can be declared at the top of the file and used inside the tests.
 */
export function fakeForFile<R>(start: () => Promise<FakeServer<R>>): FakeServer<R> {
  let server: FakeServer<R> | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());
  const running = (): FakeServer<R> => {
    if (!server) {
      throw new Error('the fake server is used outside its tests');
    }
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    get requests() {
      return running().requests;
    },
    get errors() {
      return running().errors;
    },
    close: () => running().close(),
  };
}

/**
 * The egress guard as an app started with EGRESS_ALLOW=127.0.0.1 builds it: the fakes listen on loopback, which
 * the guard refuses otherwise.
 */
export const loopbackEgress: Transport = viaEgress(new Egress(['127.0.0.1']));

/** One request a fake transport was given. */
export interface SentRequest {
  url: string;
  init: Parameters<Transport>[1];
}

/** A transport that sends nothing: it records each request and answers `reply` (200 with an empty body by default). */
export function recordingTransport(reply: Partial<ProviderReply> = {}) {
  const sent: SentRequest[] = [];
  const transport = vi.fn<Transport>(async (url, init) => {
    sent.push({ url, init });
    const status = reply.status ?? 200;
    return { status, ok: status >= 200 && status < 300, body: reply.body ?? '' };
  });
  return { transport, sent };
}

/** The request body as UTF-8 text. */
export function bodyText(req: { body: Buffer }): string {
  return req.body.toString('utf8');
}

/** A JSON answer. */
export function jsonAnswer(status: number, value: unknown, contentType = 'application/json'): Answer {
  return { status, body: JSON.stringify(value), contentType };
}

/** A header as one string (node joins repeated ones); '' when absent. */
export function header(req: { headers: IncomingHttpHeaders }, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** Checks the fake saw no handler error and returns the last request it received. */
export function lastRequest<R>(server: FakeServer<R>): R {
  expect(server.errors).toEqual([]);
  const req = server.requests.at(-1);
  if (req === undefined) {
    throw new Error('the fake server received no request');
  }
  return req;
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

/** Any error class, whatever its constructor takes. */
export type ErrorClass = abstract new (...args: never[]) => Error;

/** `err` is an `errorClass` with these fields (say provider and detail), and none of `hidden` shows in its texts. */
export function expectProviderError(
  err: unknown,
  errorClass: ErrorClass,
  fields: Record<string, unknown>,
  hidden: readonly string[] = [],
): void {
  expect(err).toBeInstanceOf(errorClass);
  expect(err).toMatchObject(fields);
  for (const secret of hidden) {
    expect(errorTexts(err)).not.toContain(secret);
  }
}

/**
 * The rejection check of one module: `promise` rejects with an `errorClass` from `provider` whose detail equals
 * `detail` (or matches it, given an expect matcher such as expect.stringMatching), and none of `hidden` shows
 * in any text form of the error. Resolves to the error for further checks.
 */
export function rejectionCheck(errorClass: ErrorClass) {
  return async (
    promise: Promise<unknown>,
    provider: string,
    detail: unknown,
    hidden: readonly string[] = [],
  ): Promise<unknown> => {
    const err = await rejection(promise);
    expectProviderError(err, errorClass, { provider, detail }, hidden);
    return err;
  };
}

/** A port that was just free: nothing listens there, so connecting is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * Makes the adapter's timeout fire after 1 s (enough for a loaded machine to get the request out) and returns
 * the spy, so the test can check which timeout the adapter asked for. Undo with vi.restoreAllMocks().
 */
export function shortenTimeout() {
  const realTimeout = AbortSignal.timeout.bind(AbortSignal);
  return vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => realTimeout(1_000));
}
