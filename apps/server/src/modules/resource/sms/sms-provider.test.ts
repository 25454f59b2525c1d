import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SMS_ENDPOINTS,
  type SmsConfig,
  type SmsEndpoints,
  SmsSendError,
  smsProvider,
} from './sms-provider.ts';
import { errorTexts, fakeProvider, rejection } from './sms-test-server.ts';

const SECRET = 'shared-SECRET-e4c2a9f7';
const message = { phones: ['13800000000'], params: { code: '1234' } };
const cases: { category: number; name: keyof SmsEndpoints; config: SmsConfig }[] = [
  { category: 1, name: 'aliyun', config: cfg(1, 'LTAIaccess') },
  { category: 2, name: 'tencent', config: cfg(2, 'AKIDtest:1400006666') },
  { category: 3, name: 'qiniu', config: cfg(3, 'qiniuAK') },
  { category: 4, name: 'yunpian', config: cfg(4, '') },
];

function cfg(category: number, accessKey: string): SmsConfig {
  return { category, accessKey, secretKey: SECRET, regionId: '', signName: 'Yuan', templateId: 'T1' };
}

/** A port that was just free: nothing listens there, so connecting is refused. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('smsProvider factory', () => {
  it('points at the real provider hosts by default', () => {
    expect(SMS_ENDPOINTS).toEqual({
      aliyun: 'https://dysmsapi.aliyuncs.com',
      tencent: 'https://sms.tencentcloudapi.com',
      qiniu: 'https://sms.qiniuapi.com',
      yunpian: 'https://sms.yunpian.com',
    });
  });

  it.each([0, 5, -1, 1.5, Number.NaN])('throws SmsSendError for unknown category %s', (category) => {
    expect(() => smsProvider(category)).toThrow(SmsSendError);
  });

  it('uses the fetch it is given and the default hosts when no endpoint is overridden', async () => {
    const urls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ Code: 'OK' }), { status: 200 });
    };
    await smsProvider(1, undefined, fakeFetch).send(cases[0].config, message);
    expect(urls).toEqual(['https://dysmsapi.aliyuncs.com/']);
  });
});

describe.each(cases)('$name transport failures', ({ category, name, config }) => {
  it('refuses an empty phone list without calling the provider', async () => {
    const fakeFetch = vi.fn<typeof fetch>();
    const err = await rejection(
      smsProvider(category, {}, fakeFetch).send(config, { phones: [' '], params: {} }),
    );
    expect(err).toMatchObject({ provider: name, detail: 'no phone numbers' });
    expect(fakeFetch).not.toHaveBeenCalled();
  });

  it('gives up after the 10 s timeout with SmsSendError', async () => {
    // The adapter must ask for 10 s; the test shortens the real timer so it does not wait that long
    // (1 s rather than less, so a loaded machine still gets the request out before the timer fires).
    const realTimeout = AbortSignal.timeout.bind(AbortSignal);
    const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => realTimeout(1_000));
    const server = await fakeProvider(() => 'hang');
    try {
      const err = await rejection(smsProvider(category, { [name]: server.url }).send(config, message));
      expect(spy).toHaveBeenCalledWith(10_000);
      expect(err).toBeInstanceOf(SmsSendError);
      expect(err).toMatchObject({ provider: name, detail: 'no answer within 10000 ms' });
    } finally {
      await server.close();
    }
  });

  it('reports an unreachable server as SmsSendError', async () => {
    const err = await rejection(
      smsProvider(category, { [name]: await closedPortUrl() }).send(config, message),
    );
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({ provider: name, detail: 'request failed: ECONNREFUSED' });
  });

  it('keeps the secret out of the error even when the provider echoes it back', async () => {
    const echo = `bad key ${SECRET} / ${encodeURIComponent(SECRET)}`;
    const server = await fakeProvider(() => ({
      status: 400,
      json: {
        Code: echo,
        Message: echo,
        Response: { Error: { Code: 'AuthFailure', Message: echo } },
        error: echo,
        code: 1,
        msg: echo,
      },
    }));
    try {
      const err = await rejection(smsProvider(category, { [name]: server.url }).send(config, message));
      expect(err).toBeInstanceOf(SmsSendError);
      expect((err as SmsSendError).detail).toContain('bad key ***');
      expect(errorTexts(err)).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });

  it('reports a non-JSON error page by its HTTP status', async () => {
    const server = await fakeProvider(() => ({ status: 502, json: undefined }));
    try {
      const err = await rejection(smsProvider(category, { [name]: server.url }).send(config, message));
      expect(err).toMatchObject({ provider: name });
      expect((err as SmsSendError).detail).toMatch(/^HTTP 502/);
    } finally {
      await server.close();
    }
  });
});
