import type { WebsiteConfig } from '@yuan/contract/system/website';
import { call } from '../../../shared/api/http.ts';

const URL = '/api/yuan-api/website/config';

export const websiteKey = ['website-config'] as const;

export function fetchWebsite(): Promise<WebsiteConfig> {
  return call<WebsiteConfig>(URL);
}

export function saveWebsite(config: Omit<WebsiteConfig, 'updateTime'>): Promise<WebsiteConfig> {
  return call<WebsiteConfig>(URL, { method: 'POST', body: config });
}
