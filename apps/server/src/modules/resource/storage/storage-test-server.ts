/** Test-only: a real HTTP server on 127.0.0.1 that plays one storage provider. Not imported by runtime code. */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export interface Received {
  method: string;
  /** Path plus query, as sent on the request line. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What the fake provider answers; 'hang' never answers (to exercise the timeout). */
export type Reply = { status: number; body?: string; contentType?: string } | 'hang';

export interface FakeStorage {
  url: string;
  requests: Received[];
  /** Exceptions thrown by the handler; tests assert it stays empty. */
  errors: unknown[];
  close(): Promise<void>;
}

export async function fakeStorage(handle: (req: Received) => Reply): Promise<FakeStorage> {
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
        body: Buffer.concat(chunks),
      };
      requests.push(received);
      let reply: Reply;
      try {
        reply = handle(received);
      } catch (err) {
        // A bug in the handler must not pass silently as a provider failure the test expected.
        errors.push(err);
        reply = { status: 599, body: `test handler failed: ${String(err)}` };
      }
      if (reply === 'hang') {
        return;
      }
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/xml' });
      res.end(reply.body ?? '');
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

/** The <Error> document S3, MinIO and OSS send, with the extra fields that must not reach our error text. */
export function xmlError(status: number, code: string, message: string, extra = ''): Reply {
  return {
    status,
    body:
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
      `${extra}<RequestId>5F3A2B1C</RequestId></Error>`,
  };
}

/** A header as one string (node joins repeated ones); '' when absent. */
export function header(req: { headers: IncomingHttpHeaders }, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** PNG-looking bytes with everything a sloppy transport would mangle: NUL, CR/LF, "--", high bytes. */
export function sampleBytes(): Buffer {
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    Buffer.from('\r\n--\r\n\0\xff\xfe', 'latin1'),
    randomBytes(4096),
  ]);
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

/** A port that was just free: nothing listens there, so connecting is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * Makes the adapter's 30 s timeout fire after 1 s (enough for a loaded machine to get the request out) and
 * returns the spy, so the test can check the adapter asked for 30 s. Undo with vi.restoreAllMocks().
 */
export function shortenTimeout() {
  const realTimeout = AbortSignal.timeout.bind(AbortSignal);
  return vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => realTimeout(1_000));
}

/** Keys every adapter must refuse before sending anything. */
export const INVALID_KEYS = [
  '',
  '../etc/passwd',
  'upload/../../secret.png',
  'upload/a..b.png',
  '/upload/x.png',
  'upload//x.png',
  'upload/./x.png',
  'upload/x.png/',
  'upload/x y.png',
  'upload/x.png?acl',
  'upload/x#.png',
  'upload/%2e%2e/x.png',
  'upload\\x.png',
  'upload/图片.png',
  'upload/x.png\r\nX-Evil: 1',
  `upload/${'a'.repeat(506)}.png`,
];

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A strict multipart/form-data reader (RFC 7578): byte-exact parts, or an Error for anything malformed. */
export function parseMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /^multipart\/form-data; boundary=([A-Za-z0-9'()+_,./:=?-]{1,70})$/.exec(contentType)?.[1];
  if (!boundary) {
    throw new Error(`not multipart/form-data: ${contentType}`);
  }
  const delimiter = Buffer.from(`--${boundary}`);
  if (!body.subarray(0, delimiter.length).equals(delimiter)) {
    throw new Error('body does not start with the boundary');
  }
  const parts: Part[] = [];
  let at = delimiter.length;
  const separator = Buffer.from(`\r\n--${boundary}`);
  while (body.subarray(at, at + 2).toString('latin1') === '\r\n') {
    const headEnd = body.indexOf('\r\n\r\n', at + 2);
    const next = body.indexOf(separator, headEnd);
    if (headEnd < 0 || next < 0) {
      throw new Error('truncated part');
    }
    const head = body.subarray(at + 2, headEnd).toString('utf8');
    const disposition = /^content-disposition: form-data; name="([^"]*)"(?:; filename="([^"]*)")?$/im.exec(
      head,
    );
    if (!disposition) {
      throw new Error(`part without form-data disposition: ${head}`);
    }
    parts.push({
      name: disposition[1],
      filename: disposition[2],
      contentType: /^content-type: (.+)$/im.exec(head)?.[1],
      data: body.subarray(headEnd + 4, next),
    });
    at = next + separator.length;
  }
  if (body.subarray(at).toString('latin1') !== '--\r\n') {
    throw new Error('body does not end with the closing boundary');
  }
  return parts;
}
