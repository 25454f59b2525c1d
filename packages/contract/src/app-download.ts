import { z } from 'zod';

/** The mobile app's platforms (GET /api/cors/oauth/appDownload). */
export const APP_PLATFORMS = ['android', 'ios'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/**
 * The platform tenant's parameters that configure the downloads: per platform, the package's address (a file in
 * the storage, e.g. an uploaded .apk) or its store link; and an optional version shown on the download page.
 */
export const APP_DOWNLOAD_PARAMS: Record<AppPlatform, string> = {
  android: 'app.download.android',
  ios: 'app.download.ios',
};
export const APP_VERSION_PARAM = 'app.download.version';

export const appDownloadQuery = z.strictObject({ platform: z.enum(APP_PLATFORMS).optional() });

/** The download page's list: one entry per configured platform; `url` is its download address on this site. */
export interface AppDownloads {
  version: string;
  apps: { platform: AppPlatform; url: string }[];
}
