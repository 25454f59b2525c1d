import type { Database } from '../../../db/index.ts';
import type { Egress } from '../../../lib/egress/egress.ts';
import { AppError } from '../../../lib/errors.ts';
import { viaEgress } from '../../../lib/provider-http/call-provider.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { type StorageConfig, StorageError, storageProvider } from './storage-provider.ts';

/** Local files: the default, served by this server. */
const LOCAL = 1;
const ENABLED = 1;

/** The tenant's enabled remote storage (S3-compatible, Aliyun OSS, Qiniu), or null for the local store. */
export async function enabledStorage(
  database: Database,
  tenantId: string,
  box: SecretBox,
): Promise<StorageConfig | null> {
  const row = await database.db
    .selectFrom('yuan_oss')
    .select(['category', 'endpoint', 'access_key', 'secret_key', 'bucket_name', 'region'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', ENABLED)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row || row.category === LOCAL) {
    return null;
  }
  return {
    category: row.category,
    endpoint: row.endpoint,
    accessKey: row.access_key,
    secretKey: box.open(row.secret_key),
    bucketName: row.bucket_name,
    region: row.region,
  };
}

/**
 * Puts the object through the egress guard and answers its link. The endpoint is the tenant's, so a refusal says
 * only which provider failed and how (the HTTP status, a timeout, a refused connection), never the text it answered:
 * an address inside the platform must not be able to speak through this server.
 */
export async function storeRemote(
  config: StorageConfig,
  key: string,
  body: Buffer,
  type: string,
  egress: Egress,
): Promise<string> {
  try {
    return (await storageProvider(config.category, viaEgress(egress)).put(config, key, body, type)).link;
  } catch (error) {
    if (error instanceof StorageError) {
      const detail = error.status === undefined ? error.detail : `HTTP ${error.status}`;
      throw new AppError(502, 'upload.storageFailed', { detail: `${error.provider} ${detail}` });
    }
    throw error;
  }
}
