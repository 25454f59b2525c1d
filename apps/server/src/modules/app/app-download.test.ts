import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { appModule } from './index.ts';

const URL = '/api/cors/oauth/appDownload';
const { t, tokens } = twoTenantApp(() => ({}), [appModule]);
const anonymous = (query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${URL}${query}`, headers });

async function setParam(key: string, value: string, token = tokens.a) {
  const found = await t.call('GET', `/api/yuan-system/param/list?paramKey=${key}`, token);
  const id = found.json().data.records.find((r: { paramKey: string }) => r.paramKey === key)?.id;
  const saved = await t.call('POST', '/api/yuan-system/param/submit', token, {
    ...(id ? { id } : {}),
    paramName: key,
    paramKey: key,
    paramValue: value,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('app download', () => {
  it('lists nothing and answers not found while no package is configured', async () => {
    const list = await anonymous();
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual({ version: '', apps: [] });
    const android = await anonymous('?platform=android');
    expect(android.statusCode).toBe(404);
    expect(android.json().msg).toBe('该平台的 App 尚未发布');
  });

  it('sends each platform to its package or store link, and a phone to its own platform', async () => {
    await setParam('app.download.android', '/oss/000000/app/yuan-1.2.0.apk');
    await setParam('app.download.ios', 'https://apps.apple.com/app/id000000');
    await setParam('app.download.version', '1.2.0');
    const list = await anonymous('', { 'accept-language': 'en' });
    expect(list.json().data).toEqual({
      version: '1.2.0',
      apps: [
        { platform: 'android', url: `${URL}?platform=android` },
        { platform: 'ios', url: `${URL}?platform=ios` },
      ],
    });
    const android = await anonymous('?platform=android');
    expect(android.statusCode).toBe(302);
    expect(android.headers.location).toBe('/oss/000000/app/yuan-1.2.0.apk');
    const phone = await anonymous('', {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15',
    });
    expect(phone.statusCode).toBe(302);
    expect(phone.headers.location).toBe('https://apps.apple.com/app/id000000');
  });

  it('reads the platform tenant only, never hands out an unsafe address, and refuses unknown platforms', async () => {
    // Another tenant's parameter does not change what anyone downloads.
    await setParam('app.download.android', 'https://evil.example/app.apk', tokens.b);
    expect((await anonymous('?platform=android')).headers.location).not.toContain('evil');
    await setParam('app.download.ios', 'javascript:alert(1)');
    const unsafe = await anonymous('?platform=ios');
    expect(unsafe.statusCode).toBe(404);
    const unknown = await anonymous('?platform=windows');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().success).toBe(false);
    const extra = await anonymous('?platform=android&x=1');
    expect(extra.statusCode).toBe(400);
  });
});
