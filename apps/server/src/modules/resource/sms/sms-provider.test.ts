import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, loopbackEgress, recordingTransport } from '../../../../test/peers/fake-provider.ts';
import {
  invalidInputCases,
  type ProviderSubject,
  transportFailureCases,
} from '../../../../test/peers/provider-cases.ts';
import {
  SMS_ENDPOINTS,
  type SmsConfig,
  type SmsEndpoints,
  SmsSendError,
  smsProvider,
} from './sms-provider.ts';

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
    expect(() => smsProvider(category, {}, loopbackEgress)).toThrow(SmsSendError);
  });

  it('sends through the transport it is given, to the default hosts when no endpoint is overridden', async () => {
    const { transport, sent } = recordingTransport({ body: JSON.stringify({ Code: 'OK' }) });
    await smsProvider(1, {}, transport).send(cases[0].config, message);
    expect(sent.map((s) => s.url)).toEqual(['https://dysmsapi.aliyuncs.com/']);
  });

  it('takes no address from a tenant configuration: region, sign or template naming a host change nothing', async () => {
    for (const { category, name, config } of cases) {
      const { transport, sent } = recordingTransport({ status: 400 });
      const aimed = {
        ...config,
        regionId: '127.0.0.1:8080',
        signName: 'http://127.0.0.1/',
        templateId: '[::1]',
      };
      await smsProvider(category, {}, transport)
        .send(aimed, message)
        .catch(() => undefined);
      expect(sent.map((s) => new URL(s.url).origin)).toEqual([SMS_ENDPOINTS[name]]);
    }
  });
});

describe.each(cases)('$name transport failures', ({ category, name, config }) => {
  const subject: ProviderSubject = {
    provider: name,
    errorClass: SmsSendError,
    timeoutMs: 10_000,
    secret: SECRET,
    calls: (url) => [() => smsProvider(category, { [name]: url }, loopbackEgress).send(config, message)],
  };

  invalidInputCases(subject, [
    {
      name: 'an empty phone list',
      detail: 'no phone numbers',
      calls: (transport) => [
        () => smsProvider(category, {}, transport).send(config, { phones: [' '], params: {} }),
      ],
    },
  ]);

  // Every field any of the four providers reads its code or message from.
  transportFailureCases(subject, (text) =>
    jsonAnswer(400, {
      Code: text,
      Message: text,
      Response: { Error: { Code: 'AuthFailure', Message: text } },
      error: text,
      code: 1,
      msg: text,
    }),
  );
});
