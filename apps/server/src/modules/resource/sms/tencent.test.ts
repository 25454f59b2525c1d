import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lastRequest, loopbackEgress } from '../../../../test/peers/fake-provider.ts';
import { type SmsConfig, smsProvider } from './sms-provider.ts';
import {
  expectSmsRejection,
  type Received,
  type Reply,
  refusalCases,
  smsFixture,
} from '../../../../test/peers/sms-server.ts';

const SECRET = 'tencent-SECRET-8d0e2b';
const KEYS: Record<string, string> = { AKIDtest: SECRET };
const AUTH =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/sms\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac256 = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

function failure(code: string, message: string): Reply {
  return { status: 200, json: { Response: { Error: { Code: code, Message: message }, RequestId: 'req-1' } } };
}

/** What the API 3.0 gateway does: rebuild the canonical request from what arrived and re-sign it. */
function tencentCloud(req: Received): Reply {
  const h = req.headers;
  if (req.method !== 'POST' || req.url !== '/' || h['x-tc-action'] !== 'SendSms') {
    return failure('InvalidAction', `${req.method} ${req.url} ${h['x-tc-action']}`);
  }
  const m = AUTH.exec(String(h.authorization));
  const secret = m ? KEYS[m[1]] : undefined;
  if (!m || !secret) {
    return failure('AuthFailure.SecretIdNotFound', 'The SecretId is not found');
  }
  const [, secretId, date, signedHeaders, signature] = m;
  const timestamp = String(h['x-tc-timestamp']);
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) {
    return failure('AuthFailure.SignatureFailure', 'credential date does not match the timestamp');
  }
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(h[name]).trim().toLowerCase()}\n`)
    .join('');
  const canonical = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256(req.body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha256(canonical)}`;
  const key = hmac256(hmac256(hmac256(`TC3${secret}`, date), 'sms'), 'tc3_request');
  if (createHmac('sha256', key).update(toSign).digest('hex') !== signature || secretId !== 'AKIDtest') {
    return failure('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
  }
  const body = JSON.parse(req.body) as { TemplateId: string; PhoneNumberSet: string[] };
  if (body.TemplateId === '999') {
    return failure('FailedOperation.TemplateIncorrectOrUnapproved', 'template is not approved');
  }
  const SendStatusSet = body.PhoneNumberSet.map((phone) =>
    phone === '+8613000000000'
      ? { PhoneNumber: phone, Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'daily limit' }
      : { PhoneNumber: phone, Code: 'Ok', Message: 'send success', SerialNo: '2645:1' },
  );
  return { status: 200, json: { Response: { SendStatusSet, RequestId: 'req-2' } } };
}

const config: SmsConfig = {
  category: 2,
  accessKey: 'AKIDtest:1400006666',
  secretKey: SECRET,
  regionId: '',
  signName: '腾讯云',
  templateId: '449739',
};

const fixture = smsFixture({ category: 2, name: 'tencent', config, params: {} }, tencentCloud);
const { server, sendOne } = fixture;

describe('tencent SendSms', () => {
  it('sends a TC3-signed request and resolves when every number is Ok', async () => {
    await smsProvider(2, { tencent: server.url }, loopbackEgress).send(config, {
      phones: ['13800000000', '+85212345678'],
      params: { '1': '1234', '2': '5', '10': 'ten' },
    });
    const req = lastRequest(server);
    expect(req.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
      host: new URL(server.url).host,
    });
    expect(Math.abs(Number(req.headers['x-tc-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(String(req.headers.authorization)).toMatch(AUTH);
    expect(String(req.headers.authorization)).toContain('SignedHeaders=content-type;host,');
    expect(JSON.parse(req.body)).toEqual({
      PhoneNumberSet: ['+8613800000000', '+85212345678'],
      SmsSdkAppId: '1400006666',
      SignName: '腾讯云',
      TemplateId: '449739',
      TemplateParamSet: ['1234', '5', 'ten'],
    });
  });

  it('sends the configured region', async () => {
    await sendOne({ regionId: 'ap-beijing' });
    expect(server.requests.at(-1)!.headers['x-tc-region']).toBe('ap-beijing');
  });

  refusalCases(fixture, [
    {
      name: 'turns Response.Error into SmsSendError with its code',
      change: { templateId: '999' },
      detail: 'FailedOperation.TemplateIncorrectOrUnapproved: template is not approved',
      hidden: [SECRET],
    },
    {
      name: 'fails when one number of the batch is not Ok',
      change: {},
      phones: ['13800000000', '13000000000'],
      detail: expect.stringMatching(/^LimitExceeded\.PhoneNumberDailyLimit: daily limit \(1 of 2/),
    },
    {
      name: 'a different secret yields a signature the server refuses, without leaking either secret',
      change: { secretKey: 'tencent-WRONG-secret-11' },
      detail: expect.stringMatching(/^AuthFailure\.SignatureFailure/),
      hidden: ['tencent-WRONG-secret-11', SECRET],
    },
  ]);

  it('refuses an accessKey without the SdkAppId before calling Tencent', async () => {
    const count = server.requests.length;
    for (const accessKey of ['AKIDtest', 'AKIDtest:', ':1400006666']) {
      await expectSmsRejection(
        sendOne({ accessKey }),
        'tencent',
        expect.stringContaining('SecretId:SdkAppId'),
      );
    }
    expect(server.requests.length).toBe(count);
  });
});
