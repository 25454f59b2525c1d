import type { Transport } from '../../../lib/provider-http/call-provider.ts';
import {
  callStorage,
  checkContentType,
  checkCredentials,
  storageError,
  xmlErrorDetail,
  xmlField,
} from './storage-http.ts';
import type { StorageConfig, StorageProvider, StoredObject } from './storage-provider.ts';

/** Where one object lives: its URL (also the stored link) plus whatever else the signature needs. */
export interface ObjectTarget {
  url: URL;
}

/**
 * What differs between the S3 and OSS adapters: the object's address and the request signature. Everything
 * else (the order of the input checks, PUT/DELETE, the <Error> body, a missing key on delete) is the same.
 */
export interface XmlStoreDialect<T extends ObjectTarget> {
  provider: string;
  /** The object's address; validates the endpoint, the bucket and the key (in that order). */
  target(config: StorageConfig, key: string): T;
  /**
   * Every header to send, Authorization included. A DELETE has neither body nor content type.
   * `contentType` has passed checkContentType.
   */
  headers(
    config: StorageConfig,
    method: 'PUT' | 'DELETE',
    target: T,
    body: Buffer | undefined,
    contentType: string | undefined,
  ): Record<string, string>;
}

/** PutObject/DeleteObject for a service that answers failures with an S3-style XML <Error> document. */
export function xmlObjectStore<T extends ObjectTarget>(
  dialect: XmlStoreDialect<T>,
  transport: Transport,
): StorageProvider {
  const { provider } = dialect;
  const send = (
    config: StorageConfig,
    method: 'PUT' | 'DELETE',
    target: T,
    body?: Buffer,
    contentType?: string,
  ) =>
    callStorage(
      provider,
      transport,
      target.url.toString(),
      { method, headers: dialect.headers(config, method, target, body, contentType), body },
      [config.secretKey],
    );
  return {
    async put(config: StorageConfig, key: string, body: Buffer, contentType: string): Promise<StoredObject> {
      const target = dialect.target(config, key);
      const type = checkContentType(provider, contentType);
      checkCredentials(provider, config.accessKey, config.secretKey);
      const reply = await send(config, 'PUT', target, body, type);
      if (!reply.ok) {
        throw storageError(provider, xmlErrorDetail(reply), [config.secretKey], reply.status);
      }
      return { key, link: target.url.toString() };
    },

    async remove(config: StorageConfig, key: string): Promise<void> {
      const target = dialect.target(config, key);
      checkCredentials(provider, config.accessKey, config.secretKey);
      const reply = await send(config, 'DELETE', target);
      // S3 and OSS answer 204 for a missing key too; NoSuchKey from a compatible server means the same.
      if (!reply.ok && xmlField(reply.body, 'Code') !== 'NoSuchKey') {
        throw storageError(provider, xmlErrorDetail(reply), [config.secretKey], reply.status);
      }
    },
  };
}
