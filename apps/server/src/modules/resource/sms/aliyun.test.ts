import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lastRequest, loopbackEgress } from '../../../../test/peers/fake-provider.ts';
import { type SmsConfig, smsProvider } from './sms-provider.ts';
import { type Received, type Reply, refusalCases, smsFixture } from '../../../../test/peers/sms-server.ts';

const SECRET = 'aliyun-SECRET-3f9a1c';
const KEYS: Record<string, string> = { LTAIaccess: SECRET };

/** RFC 3986 encoding written byte by byte, independently of the adapter's encodeURIComponent-based one. */
function rfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** What Dysmsapi does: decode the form, drop Signature, re-sign the sorted parameters, compare. */
function dysmsapi(req: Received): Reply {
  if (req.method !== 'POST' || req.url !== '/') {
    return { status: 404, json: { Code: 'InvalidAction.NotFound', Message: `${req.method} ${req.url}` } };
  }
  const params = Object.fromEntries(new URLSearchParams(req.body));
  const { Signature: signature, ...signed } = params;
  const secret = KEYS[signed.AccessKeyId];
  if (!secret) {
    return {
      status: 404,
      json: { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' },
    };
  }
  const canonical = Object.keys(signed)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(signed[k])}`)
    .join('&');
  const expected = createHmac('sha1', `${secret}&`)
    .update(`POST&${rfc3986('/')}&${rfc3986(canonical)}`)
    .digest('base64');
  if (signature !== expected) {
    return {
      status: 400,
      json: {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched with our calculation.',
        RequestId: 'R-1',
      },
    };
  }
  if (signed.TemplateCode === 'SMS_MISSING') {
    return {
      status: 200,
      json: { Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模版缺少变量', RequestId: 'R-2' },
    };
  }
  return {
    status: 200,
    json: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'R-3' },
  };
}

const config: SmsConfig = {
  category: 1,
  accessKey: 'LTAIaccess',
  secretKey: SECRET,
  regionId: '',
  signName: '阿里云短信测试',
  templateId: 'SMS_154950909',
};
// Characters encodeURIComponent leaves alone but Aliyun escapes, plus non-ASCII and form metacharacters.
const params = { code: '1234', note: "张三 (O'Neil)* ~!&=+" };

const fixture = smsFixture({ category: 1, name: 'aliyun', config, params }, dysmsapi);
const { server } = fixture;

describe('aliyun SendSms', () => {
  it('sends a correctly signed RPC request and resolves on Code OK', async () => {
    const before = Date.now();
    await smsProvider(1, { aliyun: server.url }, loopbackEgress).send(config, {
      phones: ['13800000000', '13900000000'],
      params,
    });
    const req = lastRequest(server);
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = Object.fromEntries(new URLSearchParams(req.body));
    expect(form).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      PhoneNumbers: '13800000000,13900000000',
      SignName: config.signName,
      TemplateCode: config.templateId,
      AccessKeyId: 'LTAIaccess',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
    });
    expect(JSON.parse(form.TemplateParam)).toEqual(params);
    expect(form.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Math.abs(Date.parse(form.Timestamp) - before)).toBeLessThan(5_000);
    expect(form.SignatureNonce).toMatch(/\S{16,}/);
    // The secret itself is never sent.
    expect(req.body).not.toContain(SECRET);
  });

  it('uses the configured region and a fresh nonce per request', async () => {
    const sms = smsProvider(1, { aliyun: `${server.url}/` }, loopbackEgress);
    await sms.send({ ...config, regionId: 'cn-shanghai' }, { phones: ['13800000000'], params: {} });
    await sms.send(config, { phones: ['13800000000'], params: {} });
    const [a, b] = server.requests.slice(-2).map((r) => Object.fromEntries(new URLSearchParams(r.body)));
    expect(a.RegionId).toBe('cn-shanghai');
    expect(a.TemplateParam).toBeUndefined();
    expect(a.SignatureNonce).not.toBe(b.SignatureNonce);
  });

  refusalCases(fixture, [
    {
      name: "turns the provider's business failure into SmsSendError with its code",
      change: { templateId: 'SMS_MISSING' },
      detail: 'isv.TEMPLATE_MISSING_PARAMETERS: 模版缺少变量',
      hidden: [SECRET],
    },
    {
      name: 'a different secret yields a signature the server refuses, without leaking either secret',
      change: { secretKey: 'aliyun-WRONG-secret-77' },
      detail: expect.stringMatching(/^SignatureDoesNotMatch/),
      hidden: ['aliyun-WRONG-secret-77', SECRET],
    },
  ]);
});
