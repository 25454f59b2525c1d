import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StorageConfig, StorageError, storageProvider } from './storage-provider.ts';
import {
  errorTexts,
  type FakeStorage,
  fakeStorage,
  header,
  type Received,
  type Reply,
  rejection,
  sampleBytes,
  xmlError,
} from './storage-test-server.ts';

const SECRET = 'oss-SECRET+Q0YehC6Zyu/gWfjod5';
const KEYS: Record<string, string> = { LTAI5tOssTest: SECRET };
const BUCKET = 'yuan-oss';
const KEY = 'upload/20261123/1893aa02f1c4.pdf';
const SIGNATURE_MISMATCH = 'The request signature we calculated does not match the signature you provided.';

const md5 = (data: Buffer) => createHash('md5').update(data).digest('base64');

/** What OSS computes: the V1 string to sign rebuilt from the received headers and the bucket/key resource. */
function expectedSignature(method: string, headers: IncomingHttpHeaders, resource: string, secret: string) {
  const h = { headers };
  const ossHeaders = Object.keys(headers)
    .filter((n) => n.startsWith('x-oss-'))
    .sort()
    .map((n) => `${n}:${header(h, n).trim()}\n`)
    .join('');
  const toSign = [method, header(h, 'content-md5'), header(h, 'content-type'), header(h, 'date'), ''].join(
    '\n',
  );
  return createHmac('sha1', secret)
    .update(toSign + ossHeaders + resource)
    .digest('base64');
}

/** The Authorization check OSS does, for a request whose bucket/key resource is known. */
function authenticate(method: string, headers: IncomingHttpHeaders, resource: string): Reply | undefined {
  const match = /^OSS ([^:]+):([A-Za-z0-9+/]{27}=)$/.exec(header({ headers }, 'authorization'));
  if (!match) {
    return xmlError(400, 'InvalidArgument', 'Authorization header is invalid.');
  }
  const secret = KEYS[match[1]];
  if (!secret) {
    return xmlError(
      403,
      'InvalidAccessKeyId',
      'The OSS Access Key Id you provided does not exist in our records.',
    );
  }
  const date = Date.parse(header({ headers }, 'date'));
  if (!(Math.abs(Date.now() - date) < 15 * 60_000) || !header({ headers }, 'date').endsWith(' GMT')) {
    return xmlError(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  if (expectedSignature(method, headers, resource, secret) !== match[2]) {
    // Real OSS echoes these; they must not reach the caller's error text.
    const extra = `<OSSAccessKeyId>${match[1]}</OSSAccessKeyId><SignatureProvided>${match[2]}</SignatureProvided>`;
    return xmlError(403, 'SignatureDoesNotMatch', SIGNATURE_MISMATCH, extra);
  }
  return undefined;
}

const objects = new Map<string, { data: Buffer; contentType: string }>();

/** OSS behind a path-style gateway: /<bucket>/<key>, which is also the signed resource. */
function oss(req: Received): Reply {
  const refused = authenticate(req.method, req.headers, req.url);
  if (refused) {
    return refused;
  }
  const [, bucket, ...rest] = req.url.split('/');
  if (bucket !== BUCKET) {
    return xmlError(404, 'NoSuchBucket', 'The specified bucket does not exist.');
  }
  const key = rest.join('/');
  if (req.method === 'PUT') {
    if (header(req, 'content-md5') !== md5(req.body)) {
      return xmlError(400, 'InvalidDigest', 'The Content-MD5 you specified is not valid.');
    }
    objects.set(key, { data: req.body, contentType: header(req, 'content-type') });
    return { status: 200 };
  }
  if (req.method === 'DELETE') {
    objects.delete(key);
    return { status: 204 };
  }
  return xmlError(405, 'MethodNotAllowed', req.method);
}

let server: FakeStorage;
let config: StorageConfig;
beforeAll(async () => {
  server = await fakeStorage(oss);
  config = {
    category: 3,
    endpoint: server.url,
    accessKey: 'LTAI5tOssTest',
    secretKey: SECRET,
    bucketName: BUCKET,
    region: 'oss-cn-hangzhou',
  };
});
afterAll(() => server.close());
beforeEach(() => {
  objects.clear();
});

describe('Aliyun OSS PutObject', () => {
  it('uploads with a V1 signature and Content-MD5 the server accepts, storing exactly the bytes', async () => {
    const body = sampleBytes();
    const stored = await storageProvider(3).put(config, KEY, body, 'application/pdf');
    expect(server.errors).toEqual([]);
    expect(stored).toEqual({ key: KEY, link: `${server.url}/${BUCKET}/${KEY}` });
    expect(objects.get(KEY)?.data.equals(body)).toBe(true);
    expect(objects.get(KEY)?.contentType).toBe('application/pdf');
    const req = server.requests.at(-1)!;
    expect(req.method).toBe('PUT');
    expect(req.url).toBe(`/${BUCKET}/${KEY}`);
    expect(header(req, 'content-md5')).toBe(md5(body));
    expect(header(req, 'authorization')).toMatch(/^OSS LTAI5tOssTest:[A-Za-z0-9+/]{27}=$/);
    expect(header(req, 'date')).toMatch(/^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$/);
    expect(JSON.stringify(req.headers)).not.toContain(SECRET);
  });

  it('turns SignatureDoesNotMatch into StorageError with that code and no secret', async () => {
    const wrong = 'oss-WRONG+secret/value';
    const err = await rejection(
      storageProvider(3).put({ ...config, secretKey: wrong }, KEY, sampleBytes(), 'image/png'),
    );
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({
      provider: 'aliyun-oss',
      detail: `SignatureDoesNotMatch: ${SIGNATURE_MISMATCH}`,
    });
    expect(errorTexts(err)).not.toContain(wrong);
    expect(errorTexts(err)).not.toContain(SECRET);
    expect(objects.size).toBe(0);
  });

  it('reports NoSuchBucket by its code', async () => {
    const err = await rejection(
      storageProvider(3).put({ ...config, bucketName: 'elsewhere' }, KEY, sampleBytes(), 'image/png'),
    );
    expect(err).toMatchObject({
      provider: 'aliyun-oss',
      detail: 'NoSuchBucket: The specified bucket does not exist.',
    });
  });

  it('addresses public endpoints virtual-hosted over https, signing the same /bucket/key resource', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return new Response(null, { status: 200 });
    };
    const body = Buffer.from('%PDF-1.7 test');
    for (const endpoint of [
      'https://oss-cn-hangzhou.aliyuncs.com',
      'oss-cn-hangzhou.aliyuncs.com',
      'http://oss-cn-hangzhou.aliyuncs.com/',
    ]) {
      const stored = await storageProvider(3, fakeFetch).put(
        { ...config, endpoint },
        KEY,
        body,
        'application/pdf',
      );
      expect(stored.link).toBe(`https://${BUCKET}.oss-cn-hangzhou.aliyuncs.com/${KEY}`);
    }
    expect(calls.map((c) => c.url)).toEqual(
      Array(3).fill(`https://${BUCKET}.oss-cn-hangzhou.aliyuncs.com/${KEY}`),
    );
    const headers = Object.fromEntries(
      Object.entries(calls[0].init.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(authenticate('PUT', headers, `/${BUCKET}/${KEY}`)).toBeUndefined();
    expect(headers['content-md5']).toBe(md5(body));
  });
});

describe('Aliyun OSS DeleteObject', () => {
  it('deletes with a signed DELETE whose MD5 and type lines are empty', async () => {
    await storageProvider(3).put(config, KEY, sampleBytes(), 'image/png');
    await storageProvider(3).remove(config, KEY);
    expect(server.errors).toEqual([]);
    expect(objects.has(KEY)).toBe(false);
    const req = server.requests.at(-1)!;
    expect(req.method).toBe('DELETE');
    expect(req.url).toBe(`/${BUCKET}/${KEY}`);
    expect(header(req, 'content-md5')).toBe('');
    expect(header(req, 'content-type')).toBe('');
  });

  it('treats a missing object as removed and a wrong secret as SignatureDoesNotMatch', async () => {
    await expect(storageProvider(3).remove(config, 'upload/20261123/gone.pdf')).resolves.toBeUndefined();
    const wrong = 'oss-WRONG+secret/other';
    const err = await rejection(storageProvider(3).remove({ ...config, secretKey: wrong }, KEY));
    expect(err).toMatchObject({
      provider: 'aliyun-oss',
      detail: `SignatureDoesNotMatch: ${SIGNATURE_MISMATCH}`,
    });
    expect(errorTexts(err)).not.toContain(wrong);
  });
});
