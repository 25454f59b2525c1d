import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lastRequest, loopbackEgress } from '../../../../test/peers/fake-provider.ts';
import { type SmsConfig, smsProvider } from './sms-provider.ts';
import {
  expectSmsRejection,
  fakeProvider,
  type Received,
  type Reply,
  refusalCases,
  smsFixture,
} from '../../../../test/peers/sms-server.ts';

const SECRET = 'qiniu-SECRET-5b7c41';
const KEYS: Record<string, string> = { qiniuAK: SECRET };

/** URL-safe base64 with padding, built from Node's unpadded base64url (a different path than the adapter's). */
function urlsafeB64(buf: Buffer): string {
  const s = buf.toString('base64url');
  return s.padEnd(Math.ceil(s.length / 4) * 4, '=');
}

/** What Qiniu's gateway does for a "Qiniu" token: rebuild the signed data from the request, re-sign. */
function qiniuApi(req: Received): Reply {
  if (req.method !== 'POST' || req.url !== '/v1/message') {
    return { status: 404, json: { error: 'NotFound' } };
  }
  const m = /^Qiniu ([^:]+):(.+)$/.exec(String(req.headers.authorization));
  const secret = m ? KEYS[m[1]] : undefined;
  if (!m || !secret) {
    return { status: 401, json: { error: 'BadToken', message: 'bad token' } };
  }
  const data = `POST ${req.url}\nHost: ${req.headers.host}\nContent-Type: ${req.headers['content-type']}\n\n${req.body}`;
  if (m[2] !== urlsafeB64(createHmac('sha1', secret).update(data).digest())) {
    return { status: 401, json: { error: 'BadToken', message: 'bad token' } };
  }
  const body = JSON.parse(req.body) as { template_id: string };
  if (body.template_id === 'tpl-missing') {
    return {
      status: 400,
      json: { error: 'TemplateNotFound', message: 'template not found', request_id: 'q1' },
    };
  }
  return { status: 200, json: { job_id: '1180426386245537792' } };
}

const config: SmsConfig = {
  category: 3,
  accessKey: 'qiniuAK',
  secretKey: SECRET,
  regionId: '',
  signName: '',
  templateId: '1150000000000000000',
};

const fixture = smsFixture({ category: 3, name: 'qiniu', config, params: {} }, qiniuApi);
const { server } = fixture;

describe('qiniu message', () => {
  it('sends a Qiniu-token request and resolves on a job_id', async () => {
    await smsProvider(3, { qiniu: server.url }, loopbackEgress).send(config, {
      phones: ['13800000000', '13900000000'],
      params: { code: '12 34', name: '七牛' },
    });
    const req = lastRequest(server);
    expect(req.headers['content-type']).toBe('application/json');
    expect(String(req.headers.authorization)).toMatch(/^Qiniu qiniuAK:[A-Za-z0-9_-]{27}=$/);
    expect(JSON.parse(req.body)).toEqual({
      template_id: config.templateId,
      mobiles: ['13800000000', '13900000000'],
      parameters: { code: '12 34', name: '七牛' },
    });
  });

  refusalCases(fixture, [
    {
      name: "turns Qiniu's error answer into SmsSendError with its code",
      change: { templateId: 'tpl-missing' },
      detail: 'TemplateNotFound: template not found',
      hidden: [SECRET],
    },
    {
      name: 'a different secret yields a token the server refuses, without leaking either secret',
      change: { secretKey: 'qiniu-WRONG-secret-99' },
      detail: 'BadToken: bad token',
      hidden: ['qiniu-WRONG-secret-99', SECRET],
    },
  ]);

  it('treats a 2xx without job_id as a failure', async () => {
    const odd = await fakeProvider(() => ({ status: 200, json: {} }));
    try {
      await expectSmsRejection(
        smsProvider(3, { qiniu: odd.url }, loopbackEgress).send(config, {
          phones: ['13800000000'],
          params: {},
        }),
        'qiniu',
        'HTTP 200',
      );
    } finally {
      await odd.close();
    }
  });
});
