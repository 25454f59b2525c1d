import { createHash, createHmac } from 'node:crypto';
import type { Transport } from '../../../lib/provider-http/call-provider.ts';
import {
  baseText,
  checkBucket,
  checkEndpoint,
  checkKey,
  encodeKey,
  isIpOrLocalhost,
} from './storage-http.ts';
import type { StorageConfig, StorageProvider } from './storage-provider.ts';
import { type ObjectTarget, xmlObjectStore } from './xml-object-store.ts';

const PROVIDER = 'aliyun-oss';

export interface OssSignInput {
  verb: string;
  contentMd5: string;
  contentType: string;
  /** RFC 1123 GMT date, exactly as sent in the Date header. */
  date: string;
  /** Every header sent; the x-oss-* ones are canonicalized into the signature. */
  headers: Record<string, string>;
  /** "/<bucket>/<key>", whatever the URL style. */
  resource: string;
  accessKey: string;
  secretKey: string;
}

/**
 * OSS V1 header signature: base64 HMAC-SHA1 over
 * VERB\nContent-MD5\nContent-Type\nDate\n<x-oss-* headers, lower-case, sorted, "name:value\n"><resource>.
 */
export function ossAuthorization(input: OssSignInput): string {
  const ossHeaders = Object.entries(input.headers)
    .map(([n, v]) => [n.toLowerCase(), v.trim()])
    .filter(([n]) => n.startsWith('x-oss-'))
    // Byte order, as OSS sorts; localeCompare would weigh "-" differently.
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([n, v]) => `${n}:${v}\n`)
    .join('');
  const stringToSign = `${input.verb}\n${input.contentMd5}\n${input.contentType}\n${input.date}\n${ossHeaders}${input.resource}`;
  const signature = createHmac('sha1', input.secretKey).update(stringToSign, 'utf8').digest('base64');
  return `OSS ${input.accessKey}:${signature}`;
}

interface Target extends ObjectTarget {
  resource: string;
}

/**
 * Virtual-hosted URL https://<bucket>.<endpoint host>/<key>, as OSS requires for its public endpoints (always
 * https: credentials and files never cross the Internet in clear). An IP or localhost endpoint (tests, private
 * gateways) cannot carry a bucket sub-domain, so it gets path-style ${endpoint}/<bucket>/<key> with its own
 * scheme; the signed resource is /<bucket>/<key> either way.
 */
function target(config: StorageConfig, key: string): Target {
  const endpoint = checkEndpoint(PROVIDER, config.endpoint);
  const bucket = checkBucket(PROVIDER, config.bucketName);
  const path = encodeKey(checkKey(PROVIDER, key));
  const url = isIpOrLocalhost(endpoint.hostname)
    ? new URL(`${baseText(endpoint)}/${bucket}/${path}`)
    : new URL(`https://${bucket}.${endpoint.host}/${path}`);
  return { url, resource: `/${bucket}/${key}` };
}

/**
 * Date, Content-MD5 and Content-Type (the last two only with a body) and the V1 Authorization over them. A
 * DELETE carries no body, so Content-MD5 and Content-Type are empty lines in the string to sign.
 */
function signedHeaders(
  config: StorageConfig,
  verb: 'PUT' | 'DELETE',
  { resource }: Target,
  body: Buffer | undefined,
  contentType: string | undefined,
): Record<string, string> {
  const date = new Date().toUTCString();
  const contentMd5 = body ? createHash('md5').update(body).digest('base64') : '';
  const type = contentType ?? '';
  const headers: Record<string, string> = { date };
  if (body) {
    headers['content-md5'] = contentMd5;
    headers['content-type'] = type;
  }
  const authorization = ossAuthorization({
    verb,
    contentMd5,
    contentType: type,
    date,
    headers,
    resource,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
  });
  return { ...headers, authorization };
}

/** Aliyun OSS PutObject/DeleteObject with the V1 signature; Content-MD5 lets OSS refuse a corrupted body. */
export function aliyunOssProvider(transport: Transport): StorageProvider {
  return xmlObjectStore({ provider: PROVIDER, target, headers: signedHeaders }, transport);
}
