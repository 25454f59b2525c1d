import { createHash, createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { lastRequest, loopbackEgress } from '../../../../test/peers/fake-provider.ts';
import { s3Authorization } from './s3.ts';
import { storageProvider } from './storage-provider.ts';
import type { Received, Reply } from '../../../../test/peers/storage-server.ts';
import {
  expectStorageRejection,
  header,
  sampleBytes,
  xmlError,
} from '../../../../test/peers/storage-server.ts';
import {
  SAMPLE_OBJECT,
  type XmlStoreSpec,
  xmlStoreCases,
  xmlStoreForFile,
} from '../../../../test/peers/xml-store-cases.ts';

const SECRET = 'minio-SECRET/k7+Q2xw9e1';
const KEYS: Record<string, string> = { 'yuan-minio-ak': SECRET };
const SIGNATURE_MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.';

const { bucket: BUCKET, key: KEY } = SAMPLE_OBJECT;

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

/** What MinIO checks before PutObject/DeleteObject acts: the SigV4 signature, then the payload hash. */
function authenticate(req: Received): Reply | undefined {
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
  return undefined;
}

/** MinIO, path-style. */
const MINIO: XmlStoreSpec = {
  category: 2,
  provider: 's3',
  accessKey: 'yuan-minio-ak',
  secret: SECRET,
  region: '',
  signatureMismatch: SIGNATURE_MISMATCH,
  noSuchBucket: 'The specified bucket does not exist',
  authenticate,
};

const store = xmlStoreForFile(MINIO);
const { server } = store;
beforeEach(() => {
  serverRegion = 'us-east-1';
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

describe('S3 PutObject and DeleteObject', () => {
  xmlStoreCases(MINIO, store, {
    put: (req, body, sentAt) => {
      expect(header(req, 'host')).toBe(new URL(server.url).host);
      expect(header(req, 'x-amz-content-sha256')).toBe(sha256(body));
      expect(header(req, 'authorization')).toMatch(
        /^AWS4-HMAC-SHA256 Credential=yuan-minio-ak\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      const amzDate = header(req, 'x-amz-date');
      expect(amzDate).toMatch(/^\d{8}T\d{6}Z$/);
      expect(amzDate.slice(0, 8)).toBe(new Date(sentAt).toISOString().slice(0, 10).replace(/-/g, ''));
    },
    // A DELETE signs the hash of the empty payload and no content type.
    remove: (req) => {
      expect(header(req, 'x-amz-content-sha256')).toBe(sha256(''));
      expect(header(req, 'content-type')).toBe('');
      expect(header(req, 'authorization')).toContain('SignedHeaders=host;x-amz-content-sha256;x-amz-date,');
    },
  });

  it('signs with the configured region and accepts an endpoint with a trailing slash', async () => {
    serverRegion = 'cn-north-1';
    const stored = await storageProvider(2, loopbackEgress).put(
      { ...store.config, endpoint: `${server.url}/`, region: 'cn-north-1' },
      KEY,
      Buffer.from('hello'),
      'text/plain',
    );
    expect(header(lastRequest(server), 'authorization')).toContain('/cn-north-1/s3/aws4_request');
    expect(stored.link).toBe(`${server.url}/${BUCKET}/${KEY}`);
  });

  it('reports an unknown access key by its code', async () => {
    await expectStorageRejection(
      storageProvider(2, loopbackEgress).put(
        { ...store.config, accessKey: 'nobody' },
        KEY,
        sampleBytes(),
        'image/png',
      ),
      's3',
      expect.stringMatching(/^InvalidAccessKeyId: /),
    );
  });
});
