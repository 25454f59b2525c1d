import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s3Authorization } from './s3.ts';
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

const SECRET = 'minio-SECRET/k7+Q2xw9e1';
const KEYS: Record<string, string> = { 'yuan-minio-ak': SECRET };
const BUCKET = 'yuan-files';
const KEY = 'upload/20261123/1893aa02f1c4.png';
const SIGNATURE_MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The server's own SigV4: canonical request rebuilt from the headers the client says it signed. */
function expectedSignature(
  req: Pick<Received, 'method' | 'url' | 'headers'>,
  secret: string,
  scope: { day: string; region: string; signedHeaders: string },
): string {
  // Sorted here as AWS does, whatever order the client listed them in.
  const names = scope.signedHeaders.split(';').sort();
  const canonical = [
    req.method,
    req.url,
    '',
    ...names.map((n) => `${n}:${header(req, n).trim()}`),
    '',
    names.join(';'),
    header(req, 'x-amz-content-sha256'),
  ].join('\n');
  const credentialScope = `${scope.day}/${scope.region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${header(req, 'x-amz-date')}\n${credentialScope}\n${sha256(canonical)}`;
  let key: Buffer | string = `AWS4${secret}`;
  for (const part of [scope.day, scope.region, 's3', 'aws4_request']) {
    key = createHmac('sha256', key).update(part).digest();
  }
  return createHmac('sha256', key).update(toSign).digest('hex');
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

let serverRegion = 'us-east-1';
const objects = new Map<string, { data: Buffer; contentType: string }>();

/** What MinIO does for path-style PutObject/DeleteObject: authenticate, check the payload hash, then act. */
function minio(req: Received): Reply {
  const match = AUTH.exec(header(req, 'authorization'));
  if (!match) {
    return xmlError(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  const [, accessKey, day, region, signedHeaders, signature] = match;
  const secret = KEYS[accessKey];
  if (!secret) {
    return xmlError(
      403,
      'InvalidAccessKeyId',
      'The Access Key Id you provided does not exist in our records.',
    );
  }
  if (region !== serverRegion) {
    return xmlError(400, 'AuthorizationHeaderMalformed', `the region '${region}' is wrong`);
  }
  const signed = signedHeaders.split(';');
  const amzDate = header(req, 'x-amz-date');
  const when = Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (
    !['host', 'x-amz-content-sha256', 'x-amz-date'].every((h) => signed.includes(h)) ||
    !amzDate.startsWith(day) ||
    !(Math.abs(Date.now() - when) < 15 * 60_000)
  ) {
    return xmlError(403, 'AccessDenied', 'date or signed headers unacceptable');
  }
  if (expectedSignature(req, secret, { day, region, signedHeaders }) !== signature) {
    return xmlError(
      403,
      'SignatureDoesNotMatch',
      SIGNATURE_MISMATCH,
      `<StringToSign>AWS4 ${secret}</StringToSign>`,
    );
  }
  if (header(req, 'x-amz-content-sha256') !== sha256(req.body)) {
    return xmlError(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match.');
  }
  const [, bucket, ...rest] = req.url.split('/');
  if (bucket !== BUCKET) {
    return xmlError(404, 'NoSuchBucket', 'The specified bucket does not exist');
  }
  const key = rest.join('/');
  if (req.method === 'PUT') {
    objects.set(key, { data: req.body, contentType: header(req, 'content-type') });
    return { status: 200, body: '' };
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
  server = await fakeStorage(minio);
  config = {
    category: 2,
    endpoint: server.url,
    accessKey: 'yuan-minio-ak',
    secretKey: SECRET,
    bucketName: BUCKET,
    region: '',
  };
});
afterAll(() => server.close());
beforeEach(() => {
  serverRegion = 'us-east-1';
  objects.clear();
});

describe('S3 signature', () => {
  // AWS's published example (S3 SigV4 "GET Object"): proves the fake server's verifier and the adapter's signer
  // both agree with AWS, not merely with each other.
  const example = {
    method: 'GET',
    url: '/test.txt',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': sha256(''),
      'x-amz-date': '20130524T000000Z',
    },
  };
  const awsSecret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  const awsSignature = 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41';

  it("matches AWS's documented example in the test server and in the adapter", () => {
    const signedHeaders = 'host;range;x-amz-content-sha256;x-amz-date';
    expect(
      expectedSignature(example, awsSecret, { day: '20130524', region: 'us-east-1', signedHeaders }),
    ).toBe(awsSignature);
    expect(
      s3Authorization({
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: example.headers,
        payloadHash: sha256(''),
        accessKey: 'AKIAIOSFODNN7EXAMPLE',
        secretKey: awsSecret,
        region: 'us-east-1',
        now: new Date('2013-05-24T00:00:00Z'),
      }),
    ).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=${signedHeaders}, Signature=${awsSignature}`,
    );
  });
});

describe('S3 PutObject', () => {
  it('uploads path-style with a SigV4 signature the server accepts, and stores exactly the bytes', async () => {
    const body = sampleBytes();
    const before = Date.now();
    const stored = await storageProvider(2).put(config, KEY, body, 'image/png');
    expect(server.errors).toEqual([]);
    expect(stored).toEqual({ key: KEY, link: `${server.url}/${BUCKET}/${KEY}` });
    expect(objects.get(KEY)?.data.equals(body)).toBe(true);
    expect(objects.get(KEY)?.contentType).toBe('image/png');
    const req = server.requests.at(-1)!;
    expect(req.method).toBe('PUT');
    expect(req.url).toBe(`/${BUCKET}/${KEY}`);
    expect(header(req, 'host')).toBe(new URL(server.url).host);
    expect(header(req, 'x-amz-content-sha256')).toBe(sha256(body));
    expect(header(req, 'authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=yuan-minio-ak\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    const amzDate = header(req, 'x-amz-date');
    expect(amzDate).toMatch(/^\d{8}T\d{6}Z$/);
    expect(amzDate.slice(0, 8)).toBe(new Date(before).toISOString().slice(0, 10).replace(/-/g, ''));
    expect(JSON.stringify(req.headers)).not.toContain(SECRET);
  });

  it('signs with the configured region and accepts an endpoint with a trailing slash', async () => {
    serverRegion = 'cn-north-1';
    const stored = await storageProvider(2).put(
      { ...config, endpoint: `${server.url}/`, region: 'cn-north-1' },
      KEY,
      Buffer.from('hello'),
      'text/plain',
    );
    expect(server.errors).toEqual([]);
    expect(stored.link).toBe(`${server.url}/${BUCKET}/${KEY}`);
    expect(header(server.requests.at(-1)!, 'authorization')).toContain('/cn-north-1/s3/aws4_request');
  });

  it('turns SignatureDoesNotMatch into StorageError with that code and no secret', async () => {
    const wrong = 'minio-WRONG/secret+77';
    const err = await rejection(
      storageProvider(2).put({ ...config, secretKey: wrong }, KEY, sampleBytes(), 'image/png'),
    );
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ provider: 's3', detail: `SignatureDoesNotMatch: ${SIGNATURE_MISMATCH}` });
    expect(errorTexts(err)).not.toContain(wrong);
    expect(errorTexts(err)).not.toContain(SECRET);
    expect(objects.size).toBe(0);
  });

  it("reports the provider's code for other refusals", async () => {
    const err = await rejection(
      storageProvider(2).put({ ...config, bucketName: 'other' }, KEY, sampleBytes(), 'image/png'),
    );
    expect(err).toMatchObject({
      provider: 's3',
      detail: 'NoSuchBucket: The specified bucket does not exist',
    });
    const unknown = await rejection(
      storageProvider(2).put({ ...config, accessKey: 'nobody' }, KEY, sampleBytes(), 'image/png'),
    );
    expect((unknown as StorageError).detail).toMatch(/^InvalidAccessKeyId: /);
  });
});

describe('S3 DeleteObject', () => {
  it('deletes with a signed DELETE over the empty payload', async () => {
    await storageProvider(2).put(config, KEY, sampleBytes(), 'image/png');
    await storageProvider(2).remove(config, KEY);
    expect(server.errors).toEqual([]);
    expect(objects.has(KEY)).toBe(false);
    const req = server.requests.at(-1)!;
    expect(req.method).toBe('DELETE');
    expect(req.url).toBe(`/${BUCKET}/${KEY}`);
    expect(header(req, 'x-amz-content-sha256')).toBe(sha256(''));
    expect(header(req, 'content-type')).toBe('');
    expect(header(req, 'authorization')).toContain('SignedHeaders=host;x-amz-content-sha256;x-amz-date,');
  });

  it('treats a missing object as removed and a wrong secret as SignatureDoesNotMatch', async () => {
    await expect(storageProvider(2).remove(config, 'upload/20261123/gone.png')).resolves.toBeUndefined();
    const wrong = 'minio-WRONG/secret+88';
    const err = await rejection(storageProvider(2).remove({ ...config, secretKey: wrong }, KEY));
    expect(err).toMatchObject({ provider: 's3', detail: `SignatureDoesNotMatch: ${SIGNATURE_MISMATCH}` });
    expect(errorTexts(err)).not.toContain(wrong);
  });
});
