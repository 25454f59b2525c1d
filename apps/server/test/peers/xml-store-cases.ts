/**
 * Test-only: what the S3 and OSS adapter tests share. Both talk to a fake S3-style server behind path-style URLs
 * (/<bucket>/<key>) that checks the provider's own signature; the cases below run against it, and each test
 * file adds the checks only its signature needs. Not imported by runtime code.
 */
import { beforeEach, expect, it } from 'vitest';
import { type StorageConfig, storageProvider } from '../../src/modules/resource/storage/storage-provider.ts';
import { loopbackEgress } from './fake-provider.ts';
import {
  expectStorageRejection,
  type FakeStorage,
  fakeStorageForFile,
  lastCall,
  type ObjectMap,
  pathStyleObjects,
  type Received,
  type Reply,
  sampleBytes,
} from './storage-server.ts';

export interface XmlStoreSpec {
  /** The yuan_oss category of the adapter under test. */
  category: number;
  /** The provider name its errors carry. */
  provider: string;
  accessKey: string;
  /** The secret the fake knows for `accessKey`. */
  secret: string;
  region: string;
  /** The fake's messages for SignatureDoesNotMatch and NoSuchBucket. */
  signatureMismatch: string;
  noSuchBucket: string;
  /** The provider's own checks (signature, credentials, payload hash): a refusal, or undefined to go on to the object. */
  authenticate(req: Received): Reply | undefined;
  /** A refusal for a PUT body the provider would not accept (a wrong digest, say), or undefined. */
  checkPut?(req: Received): Reply | undefined;
}

/** The object the cases store, whatever the provider: each provider's fake is its own. */
export const SAMPLE_OBJECT = {
  bucket: 'yuan-files',
  key: 'upload/20261123/1893aa02f1c4.pdf',
  contentType: 'application/pdf',
} as const;

/** A secret no fake knows, with characters that URL-encode. */
const WRONG_SECRET = 'WRONG/secret+77';

export interface XmlStore {
  server: FakeStorage;
  /** What the fake holds, emptied before each test. */
  objects: ObjectMap;
  /** The configuration that reaches the fake (read inside tests: the fake's URL is known once it runs). */
  readonly config: StorageConfig;
}

/** Starts the fake for the calling file's tests (see fakeStorageForFile) and empties it before each test. */
export function xmlStoreForFile(spec: XmlStoreSpec): XmlStore {
  const objects: ObjectMap = new Map();
  const server = fakeStorageForFile(
    (req) =>
      spec.authenticate(req) ??
      pathStyleObjects(req, {
        bucket: SAMPLE_OBJECT.bucket,
        objects,
        noSuchBucket: spec.noSuchBucket,
        checkPut: spec.checkPut,
      }),
  );
  beforeEach(() => {
    objects.clear();
  });
  return {
    server,
    objects,
    get config(): StorageConfig {
      const { category, accessKey, secret, region } = spec;
      return {
        category,
        endpoint: server.url,
        accessKey,
        secretKey: secret,
        bucketName: SAMPLE_OBJECT.bucket,
        region,
      };
    },
  };
}

export interface XmlStoreChecks {
  /** The provider's own checks of an accepted upload of `body`, sent at `sentAt` (ms). */
  put(req: Received, body: Buffer, sentAt: number): void;
  /** The provider's own checks of an accepted delete. */
  remove(req: Received): void;
}

/** PutObject and DeleteObject against the fake: what lands there, what is refused, and that no secret leaks. */
export function xmlStoreCases(spec: XmlStoreSpec, store: XmlStore, checks: XmlStoreChecks): void {
  const { category, provider, secret } = spec;
  const { bucket, key, contentType } = SAMPLE_OBJECT;
  const { server, objects } = store;
  const adapter = storageProvider(category, loopbackEgress);
  const signatureMismatch = `SignatureDoesNotMatch: ${spec.signatureMismatch}`;

  it('uploads with a signature the server accepts, storing exactly the bytes under a path-style link', async () => {
    const body = sampleBytes();
    const sentAt = Date.now();
    const stored = await adapter.put(store.config, key, body, contentType);
    const req = lastCall(server, 'PUT', `/${bucket}/${key}`);
    expect(stored).toEqual({ key, link: `${server.url}/${bucket}/${key}` });
    expect(objects.get(key)?.data.equals(body)).toBe(true);
    expect(objects.get(key)?.contentType).toBe(contentType);
    expect(JSON.stringify(req.headers)).not.toContain(secret);
    checks.put(req, body, sentAt);
  });

  it('turns SignatureDoesNotMatch into StorageError with that code and no secret', async () => {
    const config = { ...store.config, secretKey: WRONG_SECRET };
    const refused = adapter.put(config, key, sampleBytes(), 'image/png');
    await expectStorageRejection(refused, provider, signatureMismatch, [WRONG_SECRET, secret]);
    expect(objects.size).toBe(0);
  });

  it('reports NoSuchBucket by its code', async () => {
    const config = { ...store.config, bucketName: 'elsewhere' };
    const refused = adapter.put(config, key, sampleBytes(), 'image/png');
    await expectStorageRejection(refused, provider, `NoSuchBucket: ${spec.noSuchBucket}`);
  });

  it('deletes with a signed DELETE', async () => {
    await adapter.put(store.config, key, sampleBytes(), 'image/png');
    await adapter.remove(store.config, key);
    const req = lastCall(server, 'DELETE', `/${bucket}/${key}`);
    expect(objects.has(key)).toBe(false);
    checks.remove(req);
  });

  it('treats a missing object as removed and a wrong secret as SignatureDoesNotMatch', async () => {
    await expect(adapter.remove(store.config, 'upload/20261123/gone.bin')).resolves.toBeUndefined();
    const wrong = `${WRONG_SECRET}/other`;
    const refused = adapter.remove({ ...store.config, secretKey: wrong }, key);
    await expectStorageRejection(refused, provider, signatureMismatch, [wrong]);
  });
}
