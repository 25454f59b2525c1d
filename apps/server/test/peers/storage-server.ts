/**
 * Test-only: a real HTTP server on 127.0.0.1 that plays one storage provider (answers default to XML), plus
 * storage-specific helpers. The server itself is the shared one in lib/provider-http. Not imported by runtime code.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import {
  type Answer,
  type FakeServer,
  fakeForFile,
  fakeServer,
  header,
  lastRequest,
  type Received,
  rejectionCheck,
} from './fake-provider.ts';
import { StorageError } from '../../src/modules/resource/storage/storage-http.ts';

export { header, type Received } from './fake-provider.ts';

/** What the fake provider answers; 'hang' never answers (to exercise the timeout). */
export type Reply = Answer;

export type FakeStorage = FakeServer<Received>;

export function fakeStorage(handle: (req: Received) => Reply): Promise<FakeStorage> {
  return fakeServer(handle, 'application/xml');
}

/** A fake storage for the calling file's tests: started before them, closed after them. */
export function fakeStorageForFile(handle: (req: Received) => Reply): FakeStorage {
  return fakeForFile(() => fakeStorage(handle));
}

/** `promise` rejects with a StorageError from that provider with that detail, naming none of the hidden values. */
export const expectStorageRejection = rejectionCheck(StorageError);

/** The <Error> document S3, MinIO and OSS send, with the extra fields that must not reach our error text. */
export function xmlError(status: number, code: string, message: string, extra = ''): Reply {
  return {
    status,
    body:
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
      `${extra}<RequestId>5F3A2B1C</RequestId></Error>`,
  };
}

/** What a fake S3-style server holds, by key. */
export type ObjectMap = Map<string, { data: Buffer; contentType: string }>;

export interface PathStyleBucket {
  bucket: string;
  objects: ObjectMap;
  /** The provider's message for NoSuchBucket. */
  noSuchBucket: string;
  /** A refusal for a PUT body the provider would not accept (a wrong digest, say), or undefined. */
  checkPut?: (req: Received) => Reply | undefined;
}

/**
 * The object half of an S3-style server behind path-style URLs /<bucket>/<key>, once the request is
 * authenticated: PUT stores the body, DELETE removes the key (a missing one too: S3 and OSS answer 204), any
 * other method is refused.
 */
export function pathStyleObjects(req: Received, store: PathStyleBucket): Reply {
  const [, bucket, ...rest] = req.url.split('/');
  if (bucket !== store.bucket) {
    return xmlError(404, 'NoSuchBucket', store.noSuchBucket);
  }
  const key = rest.join('/');
  if (req.method === 'PUT') {
    const refused = store.checkPut?.(req);
    if (refused) {
      return refused;
    }
    store.objects.set(key, { data: req.body, contentType: header(req, 'content-type') });
    return { status: 200 };
  }
  if (req.method === 'DELETE') {
    store.objects.delete(key);
    return { status: 204 };
  }
  return xmlError(405, 'MethodNotAllowed', req.method);
}

/** Checks the fake saw no handler error and that its last request was `method` on `url`; returns that request. */
export function lastCall(server: FakeStorage, method: string, url: string): Received {
  const req = lastRequest(server);
  expect(req.method).toBe(method);
  expect(req.url).toBe(url);
  return req;
}

/** PNG-looking bytes with everything a sloppy transport would mangle: NUL, CR/LF, "--", high bytes. */
export function sampleBytes(): Buffer {
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    Buffer.from('\r\n--\r\n\0\xff\xfe', 'latin1'),
    randomBytes(4096),
  ]);
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
