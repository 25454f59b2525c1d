import { createHmac, randomBytes } from 'node:crypto';
import type { Transport } from '../../../lib/provider-http/call-provider.ts';
import {
  baseText,
  callStorage,
  checkBucket,
  checkContentType,
  checkCredentials,
  checkEndpoint,
  checkKey,
  encodeKey,
  isLoopback,
  jsonObject,
  type StorageReply,
  storageError,
} from './storage-http.ts';
import type { StorageConfig, StorageProvider, StoredObject } from './storage-provider.ts';

const PROVIDER = 'qiniu-kodo';
/** Resource management host (delete); the endpoint column holds the upload host, which does not serve it. */
export const QINIU_RS_HOST = 'https://rs.qiniuapi.com';
/** Upload tokens live one hour: long enough for a slow 10 MB upload, short enough if one leaks from a log. */
const TOKEN_LIFETIME_S = 3600;

/** URL-safe base64 WITH the "=" padding, as Qiniu's SDKs produce it (Node's "base64url" would drop it). */
export function urlsafeBase64(data: Buffer | string): string {
  return Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

function sign(secretKey: string, data: string): string {
  return urlsafeBase64(createHmac('sha1', secretKey).update(data, 'utf8').digest());
}

/** Upload token "<AK>:<sign(encodedPutPolicy)>:<encodedPutPolicy>"; scope bucket:key allows exactly this key. */
export function qiniuUploadToken(config: StorageConfig, key: string, now: Date): string {
  const deadline = Math.floor(now.getTime() / 1000) + TOKEN_LIFETIME_S;
  const policy = urlsafeBase64(JSON.stringify({ scope: `${config.bucketName}:${key}`, deadline }));
  return `${config.accessKey}:${sign(config.secretKey, policy)}:${policy}`;
}

/** Management credential "QBox <AK>:<sign(path + "\n")>"; no query or form body is sent, so none is signed. */
export function qiniuManageAuthorization(config: StorageConfig, path: string): string {
  return `QBox ${config.accessKey}:${sign(config.secretKey, `${path}\n`)}`;
}

interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** multipart/form-data built by hand so the body is one Buffer with a known length and exact bytes. */
function multipart(fields: Record<string, string>, file: FilePart): { body: Buffer; contentType: string } {
  let boundary = `----YuanStorage${randomBytes(16).toString('hex')}`;
  // A boundary inside the file would cut it short; with 128 random bits this loop practically never repeats.
  while (file.data.includes(boundary)) {
    boundary = `----YuanStorage${randomBytes(16).toString('hex')}`;
  }
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
      'utf8',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * yuan_oss has no domain column. Kodo takes the region from the upload host in `endpoint`, so for Qiniu the
 * `region` column is reused for the bucket's public domain, e.g. "https://cdn.example.com". Only a full
 * http(s) URL counts: a bare host would force a guess between http (Qiniu's test domains) and https.
 */
export function qiniuPublicBase(region: string): string | undefined {
  const text = region.trim();
  if (!/^https?:\/\//i.test(text)) {
    return undefined;
  }
  try {
    const url = new URL(text);
    return url.search === '' && url.hash === '' ? baseText(url) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where delete goes. A real endpoint is an upload host (up-z0.qiniup.com...), which has no /delete, so the
 * fixed rs host is used. A loopback endpoint can only be a local stand-in for Qiniu (tests, emulators) serving
 * both APIs on one port, so deletes go there too; real Qiniu is never on loopback, so this cannot misroute it.
 */
function rsBase(endpoint: URL): string {
  return isLoopback(endpoint.hostname) ? baseText(endpoint) : QINIU_RS_HOST;
}

/** Qiniu answers {"error": "<text>"} (newer hosts add "error_code"); its documented code is the status. */
function jsonErrorDetail(reply: StorageReply): string {
  const json = jsonObject(reply.body);
  const code = typeof json.error_code === 'string' ? json.error_code : String(reply.status);
  return typeof json.error === 'string' ? `${code}: ${json.error}` : `HTTP ${reply.status}`;
}

/** Qiniu Kodo form upload (POST to the upload host) and rs delete. */
export function qiniuKodoProvider(transport: Transport): StorageProvider {
  return {
    async put(config: StorageConfig, key: string, body: Buffer, contentType: string): Promise<StoredObject> {
      const endpoint = checkEndpoint(PROVIDER, config.endpoint);
      checkBucket(PROVIDER, config.bucketName);
      checkKey(PROVIDER, key);
      const type = checkContentType(PROVIDER, contentType);
      checkCredentials(PROVIDER, config.accessKey, config.secretKey);
      const form = multipart(
        { token: qiniuUploadToken(config, key, new Date()), key },
        { filename: key.split('/').pop() ?? key, contentType: type, data: body },
      );
      const reply = await callStorage(
        PROVIDER,
        transport,
        `${baseText(endpoint)}/`,
        { method: 'POST', headers: { 'content-type': form.contentType }, body: form.body },
        [config.secretKey],
      );
      if (!reply.ok) {
        throw storageError(PROVIDER, jsonErrorDetail(reply), [config.secretKey], reply.status);
      }
      const stored = jsonObject(reply.body).key;
      // The token's scope pins the key, so any other answer means something between us rewrote the request.
      if (stored !== key) {
        throw storageError(PROVIDER, 'upload answer does not name the stored key', [config.secretKey]);
      }
      const base = qiniuPublicBase(config.region);
      return { key, link: base ? `${base}/${encodeKey(key)}` : key };
    },

    async remove(config: StorageConfig, key: string): Promise<void> {
      const endpoint = checkEndpoint(PROVIDER, config.endpoint);
      const bucket = checkBucket(PROVIDER, config.bucketName);
      checkKey(PROVIDER, key);
      checkCredentials(PROVIDER, config.accessKey, config.secretKey);
      const url = new URL(`${rsBase(endpoint)}/delete/${urlsafeBase64(`${bucket}:${key}`)}`);
      const reply = await callStorage(
        PROVIDER,
        transport,
        url.toString(),
        {
          method: 'POST',
          headers: {
            authorization: qiniuManageAuthorization(config, url.pathname),
            'content-type': 'application/x-www-form-urlencoded',
          },
        },
        [config.secretKey],
      );
      // 612 "no such file or directory": already gone, which is what remove wants.
      if (!reply.ok && reply.status !== 612) {
        throw storageError(PROVIDER, jsonErrorDetail(reply), [config.secretKey], reply.status);
      }
    },
  };
}
