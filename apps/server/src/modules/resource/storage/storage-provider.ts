import { aliyunOssProvider } from './aliyun-oss.ts';
import { qiniuKodoProvider } from './qiniu-kodo.ts';
import { s3Provider } from './s3.ts';
import { StorageError } from './storage-http.ts';

export { StorageError } from './storage-http.ts';

/**
 * One yuan_oss row as the adapters need it. `category`: 1 local files (no adapter: put-file writes the disk),
 * 2 S3-compatible/MinIO, 3 Aliyun OSS, 4 Qiniu Kodo.
 */
export interface StorageConfig {
  category: number;
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucketName: string;
  region: string;
}

/** Where an object ended up: its key in the bucket and the URL stored as the attachment's link. */
export interface StoredObject {
  key: string;
  link: string;
}

export interface StorageProvider {
  /** Stores `body` under `key` (see checkKey for the allowed shape); throws StorageError on any failure. */
  put(config: StorageConfig, key: string, body: Buffer, contentType: string): Promise<StoredObject>;
  /** Deletes `key`; an object that is already gone counts as removed. Throws StorageError otherwise. */
  remove(config: StorageConfig, key: string): Promise<void>;
}

/** The adapter for a yuan_oss.category value; throws StorageError for a category no adapter speaks. */
export function storageProvider(category: number, fetchImpl?: typeof fetch): StorageProvider {
  // Resolved per call rather than at import so a test (or a later polyfill) replacing fetch is honoured.
  const doFetch: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  switch (category) {
    case 2:
      return s3Provider(doFetch);
    case 3:
      return aliyunOssProvider(doFetch);
    case 4:
      return qiniuKodoProvider(doFetch);
    default:
      throw new StorageError('unknown', `no storage adapter for category ${category}`);
  }
}
