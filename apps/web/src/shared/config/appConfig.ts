import type { AppConfig, R } from '@yuan/contract';

/** Client settings from GET /api/app-config, loaded once before the first render. */
let current: AppConfig | null = null;

const FALLBACK: AppConfig = {
  clientId: '',
  clientSecret: '',
  tenantMode: false,
  switchMode: false,
  captchaMode: 'slide',
  tokenTime: 3000,
};

export async function loadAppConfig(fetcher: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetcher('/api/app-config', { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`app-config ${response.status}`);
  }
  const body = (await response.json()) as R<AppConfig>;
  current = { ...FALLBACK, ...body.data };
  return current;
}

export function getAppConfig(): AppConfig {
  return current ?? FALLBACK;
}

/** Tests and the bootstrap can set the configuration directly. */
export function setAppConfig(config: AppConfig): void {
  current = config;
}
