import { createHmac } from 'node:crypto';
import { sha256Hex } from '../../../lib/digest.ts';
import type { Transport } from '../../../lib/provider-http/call-provider.ts';
import { baseText, checkBucket, checkEndpoint, checkKey, encodeKey } from './storage-http.ts';
import type { StorageConfig, StorageProvider } from './storage-provider.ts';
import { type ObjectTarget, xmlObjectStore } from './xml-object-store.ts';

const PROVIDER = 's3';
const SERVICE = 's3';
/** MinIO and most S3-compatible servers accept any region in the scope; us-east-1 is their default. */
const DEFAULT_REGION = 'us-east-1';

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** "20261123T101500Z": ISO 8601 basic format without milliseconds, as SigV4 wants it. */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface S3SignInput {
  method: string;
  url: URL;
  /** Every header to sign (host and x-amz-date included), lower-case names. */
  headers: Record<string, string>;
  payloadHash: string;
  accessKey: string;
  secretKey: string;
  region: string;
  now: Date;
}

/**
 * AWS Signature Version 4 Authorization header. The canonical URI is the URL's pathname: keys and bucket names
 * are restricted to unreserved characters, so it is already the once-encoded path S3 expects; there is no query.
 */
export function s3Authorization(input: S3SignInput): string {
  const date = amzDate(input.now);
  const day = date.slice(0, 8);
  const names = Object.keys(input.headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${input.headers[n].trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    '',
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${SERVICE}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretKey}`, day), input.region), SERVICE),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Path-style object URL (`${endpoint}/${bucket}/${key}`): MinIO's default, and no DNS per bucket needed. */
function target(config: StorageConfig, key: string): ObjectTarget {
  const endpoint = checkEndpoint(PROVIDER, config.endpoint);
  const bucket = checkBucket(PROVIDER, config.bucketName);
  return { url: new URL(`${baseText(endpoint)}/${bucket}/${encodeKey(checkKey(PROVIDER, key))}`) };
}

/** The SigV4-signed headers (payload hash, date, content type when there is one) and their Authorization. */
function signedHeaders(
  config: StorageConfig,
  method: 'PUT' | 'DELETE',
  { url }: ObjectTarget,
  body: Buffer | undefined,
  contentType: string | undefined,
): Record<string, string> {
  const now = new Date();
  const payloadHash = sha256Hex(body ?? '');
  const signed: Record<string, string> = {
    host: url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate(now),
  };
  if (contentType !== undefined) {
    signed['content-type'] = contentType;
  }
  const authorization = s3Authorization({
    method,
    url,
    headers: signed,
    payloadHash,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: config.region.trim() || DEFAULT_REGION,
    now,
  });
  // Host is signed but sent by the transport itself, from the same URL, so the two cannot differ.
  const { host: _host, ...sent } = signed;
  return { ...sent, authorization };
}

/** S3 PutObject/DeleteObject, as MinIO, Ceph RGW, AWS and most "S3-compatible" services speak them. */
export function s3Provider(transport: Transport): StorageProvider {
  return xmlObjectStore({ provider: PROVIDER, target, headers: signedHeaders }, transport);
}
