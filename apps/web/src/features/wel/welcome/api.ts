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

export const roleNamesKey = ['own-role-names'] as const;

/** The names of the caller's roles as the role screen shows them (GET user/info's `roleNames`). */
export async function fetchRoleNames(): Promise<string[]> {
  // Silent: a user whose API scopes leave the call out still gets the page (with the codes).
  const info = await call<{ roleNames?: unknown }>('/api/yuan-user/info', { silent: true });
  return Array.isArray(info.roleNames)
    ? info.roleNames.filter((n): n is string => typeof n === 'string')
    : [];
}
