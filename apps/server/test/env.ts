import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../src/config.ts';

export const ADMIN_PASSWORD = 'Admin@123456';
export const CLIENT = { id: 'yuan-web', secret: 'yuan-web-secret' };
export const basic = (id = CLIENT.id, secret = CLIENT.secret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** Test configuration: a throw-away DATA_DIR, a fixed secret and password, captcha off unless asked. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'yuan-test-')),
    ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    CAPTCHA_MODE: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(tmpdir(), 'yuan-no-web-dist'),
    ...env,
  });
}
