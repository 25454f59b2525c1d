import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { recordingTransport } from '../../../../test/peers/fake-provider.ts';
import { storageProvider } from './storage-provider.ts';
import type { Reply } from '../../../../test/peers/storage-server.ts';
import { header, xmlError } from '../../../../test/peers/storage-server.ts';
import {
  SAMPLE_OBJECT,
  type XmlStoreSpec,
  xmlStoreCases,
  xmlStoreForFile,
} from '../../../../test/peers/xml-store-cases.ts';

const SECRET = 'oss-SECRET+Q0YehC6Zyu/gWfjod5';
const KEYS: Record<string, string> = { LTAI5tOssTest: SECRET };
const { bucket: BUCKET, key: KEY } = SAMPLE_OBJECT;
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

/** OSS behind a path-style gateway: /<bucket>/<key>, which is also the signed resource. */
const OSS: XmlStoreSpec = {
  category: 3,
  provider: 'aliyun-oss',
  accessKey: 'LTAI5tOssTest',
  secret: SECRET,
  region: 'oss-cn-hangzhou',
  signatureMismatch: SIGNATURE_MISMATCH,
  noSuchBucket: 'The specified bucket does not exist.',
  authenticate: (req) => authenticate(req.method, req.headers, req.url),
  checkPut: (req) =>
    header(req, 'content-md5') === md5(req.body)
      ? undefined
      : xmlError(400, 'InvalidDigest', 'The Content-MD5 you specified is not valid.'),
};

const store = xmlStoreForFile(OSS);

describe('Aliyun OSS PutObject and DeleteObject', () => {
  xmlStoreCases(OSS, store, {
    put: (req, body) => {
      expect(header(req, 'content-md5')).toBe(md5(body));
      expect(header(req, 'authorization')).toMatch(/^OSS LTAI5tOssTest:[A-Za-z0-9+/]{27}=$/);
      expect(header(req, 'date')).toMatch(/^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$/);
    },
    // The MD5 and type lines of the string to sign are empty.
    remove: (req) => {
      expect(header(req, 'content-md5')).toBe('');
      expect(header(req, 'content-type')).toBe('');
    },
  });
});

describe('Aliyun OSS public endpoints', () => {
  it('addresses public endpoints virtual-hosted over https, signing the same /bucket/key resource', async () => {
    const { transport, sent: calls } = recordingTransport();
    const body = Buffer.from('%PDF-1.7 test');
    for (const endpoint of [
      'https://oss-cn-hangzhou.aliyuncs.com',
      'oss-cn-hangzhou.aliyuncs.com',
      'http://oss-cn-hangzhou.aliyuncs.com/',
    ]) {
      const stored = await storageProvider(3, transport).put(
        { ...store.config, endpoint },
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
