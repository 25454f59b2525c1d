import type { AppConfig } from '@yuan/contract';
import { setAppConfig } from '../shared/config/appConfig.ts';

/** The client settings unit tests run with: no captcha, no tenant or switch mode. */
export function setTestAppConfig(overrides: Partial<AppConfig> = {}): void {
  setAppConfig({
    clientId: 'yuan-web',
    clientSecret: 'yuan-web-secret',
    tenantMode: false,
    switchMode: false,
    captchaMode: 'off',
    tokenTime: 3000,
    ...overrides,
  });
}
