import { describe, expect, it } from 'vitest';
import { loopbackEgress } from '../../../../test/peers/fake-provider.ts';
import { type SmsConfig, smsProvider } from './sms-provider.ts';
import { type Received, type Reply, refusalCases, smsFixture } from '../../../../test/peers/sms-server.ts';

const APIKEY = 'yunpian-APIKEY-0a9d33e1';

/** Decodes tpl_value the way Yunpian does: split on "&", then url-decode each "#key#=value" pair. */
function parseTplValue(tplValue: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of tplValue.split('&')) {
    const eq = pair.indexOf('=');
    out[decodeURIComponent(pair.slice(0, eq))] = decodeURIComponent(pair.slice(eq + 1));
  }
  return out;
}

/** Yunpian authenticates by apikey alone (no request signature), so the key is what it checks. */
function yunpianApi(req: Received): Reply {
  if (req.method !== 'POST' || req.url !== '/v2/sms/tpl_single_send.json') {
    return { status: 404, json: { http_status_code: 404, code: -50, msg: 'not found' } };
  }
  const form = new URLSearchParams(req.body);
  if (form.get('apikey') !== APIKEY) {
    return {
      status: 401,
      json: { http_status_code: 401, code: -1, msg: '非法的apikey', detail: '请检查的apikey是否正确' },
    };
  }
  if (form.get('mobile') === '13000000000') {
    return {
      status: 400,
      json: {
        http_status_code: 400,
        code: 33,
        msg: '超过频率',
        detail: '同一个手机号同一验证码模板每30秒只能发送1条',
      },
    };
  }
  return {
    status: 200,
    json: { code: 0, msg: '发送成功', count: 1, fee: 0.05, unit: 'RMB', mobile: form.get('mobile'), sid: 1 },
  };
}

const config: SmsConfig = {
  category: 4,
  accessKey: '',
  secretKey: APIKEY,
  regionId: '',
  signName: '',
  templateId: '3623042',
};
// "&", "=" and "#" inside values must not split or rename variables.
const params = { code: '12&34=5', name: '张 三#' };

const fixture = smsFixture({ category: 4, name: 'yunpian', config, params }, yunpianApi);
const { server, sendOne } = fixture;

describe('yunpian tpl_single_send', () => {
  it('posts one form per phone with an encoded tpl_value and resolves on code 0', async () => {
    const count = server.requests.length;
    await smsProvider(4, { yunpian: server.url }, loopbackEgress).send(config, {
      phones: ['13800000000', '13900000000'],
      params,
    });
    expect(server.errors).toEqual([]);
    const sent = server.requests.slice(count);
    expect(sent.map((r) => new URLSearchParams(r.body).get('mobile'))).toEqual([
      '13800000000',
      '13900000000',
    ]);
    for (const req of sent) {
      expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      const form = new URLSearchParams(req.body);
      expect(form.get('apikey')).toBe(APIKEY);
      expect(form.get('tpl_id')).toBe('3623042');
      expect(parseTplValue(form.get('tpl_value')!)).toEqual({ '#code#': '12&34=5', '#name#': '张 三#' });
    }
  });

  it('falls back to accessKey when secretKey is empty', async () => {
    await sendOne({ accessKey: APIKEY, secretKey: '' });
    expect(new URLSearchParams(server.requests.at(-1)!.body).get('apikey')).toBe(APIKEY);
  });

  refusalCases(fixture, [
    {
      name: "turns Yunpian's failure into SmsSendError with its code and says how far it got",
      change: {},
      phones: ['13800000000', '13000000000'],
      detail: '33: 超过频率 - 同一个手机号同一验证码模板每30秒只能发送1条 (after 1 of 2 numbers were sent)',
      hidden: [APIKEY],
    },
    {
      name: 'a wrong apikey is refused, without leaking the key',
      change: { secretKey: 'yunpian-WRONG-key-42' },
      detail: expect.stringMatching(/^-1: 非法的apikey/),
      hidden: ['yunpian-WRONG-key-42'],
    },
    {
      name: 'refuses a configuration without any key',
      change: { accessKey: '', secretKey: '' },
      detail: 'apikey is missing (secretKey or accessKey)',
    },
  ]);
});
