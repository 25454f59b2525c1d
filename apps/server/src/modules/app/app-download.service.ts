import {
  APP_DOWNLOAD_PARAMS,
  APP_PLATFORMS,
  APP_VERSION_PARAM,
  type AppDownloads,
  type AppPlatform,
  DEFAULT_TENANT_ID,
  isSafeUrl,
} from '@yuan/contract';
import type { Database } from '../../db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { paramValue } from '../system/index.ts';

const DOWNLOAD_PATH = '/api/cors/oauth/appDownload';

/** The platform a phone's browser names in its User-Agent (a scanned QR code opens the bare address). */
export function platformOf(userAgent: string | undefined): AppPlatform | undefined {
  if (!userAgent) {
    return undefined;
  }
  if (/iPhone|iPad|iPod/i.test(userAgent)) {
    return 'ios';
  }
  return /Android/i.test(userAgent) ? 'android' : undefined;
}

/**
 * The mobile app's downloads, configured by the platform tenant's parameters: a package in the storage or a store
 * link per platform. Only http(s) addresses and paths of this site are ever handed out.
 */
export class AppDownloadService {
  constructor(private readonly database: Database) {}

  /** The platform tenant's values of these parameters, read in one unit of work ('' when unset). */
  private async params(keys: string[]): Promise<string[]> {
    return this.database.run({ tenantId: DEFAULT_TENANT_ID }, async () => {
      const values: string[] = [];
      // One after another: the statements share the unit of work's connection.
      for (const key of keys) {
        values.push((await paramValue(this.database.db, DEFAULT_TENANT_ID, key))?.trim() ?? '');
      }
      return values;
    });
  }

  /** Where a platform's package is; not configured (or not a safe address): not found, in the caller's words. */
  async target(platform: AppPlatform): Promise<string> {
    const [value = ''] = await this.params([APP_DOWNLOAD_PARAMS[platform]]);
    if (value === '' || !isSafeUrl(value)) {
      throw new AppError(404, 'app.noPackage');
    }
    return value;
  }

  /** The download page's entries: each configured platform with its download address (the page adds its origin). */
  async list(): Promise<AppDownloads> {
    const [version = '', ...values] = await this.params([
      APP_VERSION_PARAM,
      ...APP_PLATFORMS.map((platform) => APP_DOWNLOAD_PARAMS[platform]),
    ]);
    const apps = APP_PLATFORMS.filter((_, i) => {
      const value = values[i] ?? '';
      return value !== '' && isSafeUrl(value);
    }).map((platform) => ({ platform, url: `${DOWNLOAD_PATH}?platform=${platform}` }));
    return { version, apps };
  }
}
