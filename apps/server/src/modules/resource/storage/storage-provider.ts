import type { Transport } from '../../../lib/provider-http/call-provider.ts';
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

/**
 * The adapter for a yuan_oss.category value; throws StorageError for a category no adapter speaks. The endpoint is
 * the tenant's choice, so `transport` is the egress guard (viaEgress) everywhere but in tests of the signatures.
 */
export function storageProvider(category: number, transport: Transport): StorageProvider {
  switch (category) {
    case 2:
      return s3Provider(transport);
    case 3:
      return aliyunOssProvider(transport);
    case 4:
      return qiniuKodoProvider(transport);
    default:
      throw new StorageError('unknown', `no storage adapter for category ${category}`);
  }
}
