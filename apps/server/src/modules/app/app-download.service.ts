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
import { paramValue } from '../system/param/param.repo.ts';

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

  private async param(key: string): Promise<string> {
    const value = await this.database.run({ tenantId: DEFAULT_TENANT_ID }, () =>
      paramValue(this.database.db, DEFAULT_TENANT_ID, key),
    );
    return value?.trim() ?? '';
  }

  /** Where a platform's package is; not configured (or not a safe address): not found, in the caller's words. */
  async target(platform: AppPlatform): Promise<string> {
    const value = await this.param(APP_DOWNLOAD_PARAMS[platform]);
    if (value === '' || !isSafeUrl(value)) {
      throw new AppError(404, 'app.noPackage');
    }
    return value;
  }

  /** The download page's entries: each configured platform with its download address (the page adds its origin). */
  async list(): Promise<AppDownloads> {
    const apps: AppDownloads['apps'] = [];
    for (const platform of APP_PLATFORMS) {
      const value = await this.param(APP_DOWNLOAD_PARAMS[platform]);
      if (value !== '' && isSafeUrl(value)) {
        apps.push({ platform, url: `${DOWNLOAD_PATH}?platform=${platform}` });
      }
    }
    return { version: await this.param(APP_VERSION_PARAM), apps };
  }
}
