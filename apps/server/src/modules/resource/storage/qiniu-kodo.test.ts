import { createHmac } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonAnswer, loopbackEgress, recordingTransport } from '../../../../test/peers/fake-provider.ts';
import { type StorageConfig, storageProvider } from './storage-provider.ts';
import {
  expectStorageRejection,
  fakeStorage,
  fakeStorageForFile,
  header,
  lastCall,
  parseMultipart,
  type Received,
  type Reply,
  sampleBytes,
} from '../../../../test/peers/storage-server.ts';

const SECRET = 'qiniu-SECRET_f3Kq9+Zx/Wm2';
const KEYS: Record<string, string> = { 'qiniu-AK-test': SECRET };
const BUCKET = 'yuan-kodo';
const KEY = 'upload/20261123/1893aa02f1c4.webp';

/** Qiniu's URL-safe base64 keeps the "=" padding; written here with a plain replace, not the adapter's helper. */
const safe64 = (data: Buffer | string) =>
  Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
const hmacSha1 = (secret: string, data: string) => safe64(createHmac('sha1', secret).update(data).digest());
const json = jsonAnswer;

let tokens: { accessKey: string; policy: string; scope: string; deadline: number }[] = [];
const objects = new Map<string, { data: Buffer; mime?: string }>();

/** Form upload: check the token's HMAC and policy, that the scope pins this key, then store the file part. */
function upload(req: Received): Reply {
  const parts = parseMultipart(req.body, header(req, 'content-type'));
  const field = (name: string) => parts.find((p) => p.name === name);
  const [accessKey, sign, policy, ...more] = (field('token')?.data.toString('utf8') ?? '').split(':');
  const secret = KEYS[accessKey];
  if (!secret || more.length > 0 || !policy || hmacSha1(secret, policy) !== sign) {
    return json(401, { error: 'bad token' });
  }
  const decoded = JSON.parse(
    Buffer.from(policy.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'),
  ) as { scope?: unknown; deadline?: unknown };
  const deadline = typeof decoded.deadline === 'number' ? decoded.deadline : 0;
  tokens.push({ accessKey, policy, scope: String(decoded.scope), deadline });
  if (!(deadline > Date.now() / 1000)) {
    return json(401, { error: 'expired token' });
  }
  const key = field('key')?.data.toString('utf8') ?? '';
  const [bucket, scopeKey] = String(decoded.scope).split(':');
  if (bucket !== BUCKET) {
    return json(631, { error: 'no such bucket' });
  }
  const file = field('file');
  if (scopeKey !== key || !file) {
    return json(403, { error: "key doesn't match with scope" });
  }
  objects.set(key, { data: file.data, mime: file.contentType });
  return json(200, { hash: 'FmDZwqadA4-ib_15hYfQpb7UXUYR', key });
}

/** rs /delete/<EncodedEntryURI> with a QBox credential over "<path>\n". */
function remove(req: Received): Reply {
  const match = /^QBox ([^:]+):([A-Za-z0-9_-]{27}=)$/.exec(header(req, 'authorization'));
  const secret = match ? KEYS[match[1]] : undefined;
  if (!match || !secret || hmacSha1(secret, `${req.url}\n`) !== match[2]) {
    return json(401, { error: 'bad token' });
  }
  const entry = Buffer.from(req.url.slice('/delete/'.length), 'base64url').toString('utf8');
  const [bucket, key] = entry.split(':');
  if (bucket !== BUCKET) {
    return json(631, { error: 'no such bucket' });
  }
  if (!objects.delete(key)) {
    return json(612, { error: 'no such file or directory' });
  }
  return { status: 200, contentType: 'application/json' };
}

function qiniu(req: Received): Reply {
  if (req.method === 'POST' && req.url === '/') {
    return upload(req);
  }
  if (req.method === 'POST' && req.url.startsWith('/delete/')) {
    return remove(req);
  }
  return json(404, { error: 'not found' });
}

const server = fakeStorageForFile(qiniu);
let config: StorageConfig;
beforeAll(() => {
  config = {
    category: 4,
    endpoint: server.url,
    accessKey: 'qiniu-AK-test',
    secretKey: SECRET,
    bucketName: BUCKET,
    region: '',
  };
});
beforeEach(() => {
  objects.clear();
  tokens = [];
});

describe('Qiniu upload token', () => {
  it("the test server's signing agrees with Qiniu's documented example", () => {
    // developer.qiniu.com upload-token example: AK MY_ACCESS_KEY, SK MY_SECRET_KEY, padded encodedPutPolicy.
    const policy = safe64(
      JSON.stringify({
        scope: 'my-bucket:sunflower.jpg',
        deadline: 1451491200,
        returnBody:
          '{"name":$(fname),"size":$(fsize),"w":$(imageInfo.width),"h":$(imageInfo.height),"hash":$(etag)}',
      }),
    );
    expect(policy.endsWith('fQ==')).toBe(true);
    expect(hmacSha1('MY_SECRET_KEY', policy)).toBe('wQ4ofysef1R7IKnrziqtomqyDvI=');
  });
});

describe('Qiniu form upload', () => {
  it('posts token, key and file as multipart; the server verifies the token and stores exactly the bytes', async () => {
    const body = sampleBytes();
    const before = Math.floor(Date.now() / 1000);
    const stored = await storageProvider(4, loopbackEgress).put(config, KEY, body, 'image/webp');
    const req = lastCall(server, 'POST', '/');
    expect(stored).toEqual({ key: KEY, link: KEY });
    expect(objects.get(KEY)?.data.equals(body)).toBe(true);
    expect(objects.get(KEY)?.mime).toBe('image/webp');
    const parts = parseMultipart(req.body, header(req, 'content-type'));
    expect(parts.map((p) => p.name)).toEqual(['token', 'key', 'file']);
    expect(parts[2].filename).toBe('1893aa02f1c4.webp');
    const [token] = tokens;
    expect(token).toMatchObject({ accessKey: 'qiniu-AK-test', scope: `${BUCKET}:${KEY}` });
    expect(token.deadline - before).toBeGreaterThanOrEqual(3599);
    expect(token.deadline - before).toBeLessThanOrEqual(3601);
    // Padding kept and only URL-safe characters, as Qiniu's SDKs encode.
    expect(token.policy).toMatch(/^[A-Za-z0-9_-]+={0,2}$/);
    expect(token.policy.length % 4).toBe(0);
    expect(req.body.toString('latin1')).not.toContain(SECRET);
  });

  it('links through the public domain kept in the region column, and only a full URL counts as one', async () => {
    const body = Buffer.from('RIFF....WEBP');
    const withDomain = await storageProvider(4, loopbackEgress).put(
      { ...config, region: 'https://cdn.example.com/' },
      KEY,
      body,
      '',
    );
    expect(withDomain.link).toBe(`https://cdn.example.com/${KEY}`);
    const withZone = await storageProvider(4, loopbackEgress).put(
      { ...config, region: 'z0' },
      KEY,
      body,
      'image/webp',
    );
    expect(withZone.link).toBe(KEY);
    // An empty content type is sent as a generic binary type rather than an empty header.
    expect(
      parseMultipart(server.requests.at(-2)!.body, header(server.requests.at(-2)!, 'content-type'))[2],
    ).toMatchObject({
      contentType: 'application/octet-stream',
    });
  });

  it('turns a refused token into StorageError with status and error text, without the secret', async () => {
    const wrong = 'qiniu-WRONG_secret+value';
    await expectStorageRejection(
      storageProvider(4, loopbackEgress).put(
        { ...config, secretKey: wrong },
        KEY,
        sampleBytes(),
        'image/webp',
      ),
      'qiniu-kodo',
      '401: bad token',
      [wrong, SECRET],
    );
    expect(objects.size).toBe(0);
    await expectStorageRejection(
      storageProvider(4, loopbackEgress).put(
        { ...config, bucketName: 'other' },
        KEY,
        sampleBytes(),
        'image/webp',
      ),
      'qiniu-kodo',
      '631: no such bucket',
    );
  });

  it('prefers error_code when the host sends one, and refuses an answer without the key', async () => {
    const replies = [
      json(614, { error: 'file exists', error_code: 'FileExists' }),
      json(200, { hash: 'Fh' }),
    ];
    const other = await fakeStorage(() => replies.shift() ?? json(500, {}));
    try {
      const cfg = { ...config, endpoint: other.url };
      const put = () => storageProvider(4, loopbackEgress).put(cfg, KEY, sampleBytes(), 'image/webp');
      await expectStorageRejection(put(), 'qiniu-kodo', 'FileExists: file exists');
      await expectStorageRejection(put(), 'qiniu-kodo', 'upload answer does not name the stored key');
    } finally {
      await other.close();
    }
  });
});

describe('Qiniu delete', () => {
  it('posts /delete/<EncodedEntryURI> with a QBox credential to the loopback endpoint', async () => {
    await storageProvider(4, loopbackEgress).put(config, KEY, sampleBytes(), 'image/webp');
    await storageProvider(4, loopbackEgress).remove(config, KEY);
    const req = lastCall(server, 'POST', `/delete/${safe64(`${BUCKET}:${KEY}`)}`);
    expect(objects.has(KEY)).toBe(false);
    expect(header(req, 'authorization')).toMatch(/^QBox qiniu-AK-test:/);
  });

  it('treats 612 as removed; a wrong secret is "401: bad token" without the secret', async () => {
    await expect(
      storageProvider(4, loopbackEgress).remove(config, 'upload/20261123/gone.webp'),
    ).resolves.toBeUndefined();
    const wrong = 'qiniu-WRONG_secret+other';
    await expectStorageRejection(
      storageProvider(4, loopbackEgress).remove({ ...config, secretKey: wrong }, KEY),
      'qiniu-kodo',
      '401: bad token',
      [wrong],
    );
  });

  it('uses the upload host for put and the rs host for delete when the endpoint is a real host', async () => {
    const { transport, sent } = recordingTransport({ body: JSON.stringify({ hash: 'Fh', key: KEY }) });
    const cfg = { ...config, endpoint: 'https://up-z2.qiniup.com' };
    await storageProvider(4, transport).put(cfg, KEY, sampleBytes(), 'image/webp');
    await storageProvider(4, transport).remove(cfg, KEY);
    expect(sent.map((s) => s.url)).toEqual([
      'https://up-z2.qiniup.com/',
      `https://rs.qiniuapi.com/delete/${safe64(`${BUCKET}:${KEY}`)}`,
    ]);
  });
});
