import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic } from '../../../test/env.ts';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { type FakeProvider, fakeProvider } from '../../../test/peers/sms-server.ts';
import { authModule } from './index.ts';
import { userModule } from '../user/index.ts';

const PHONE = '13800138000';
const FAILING_PHONE = '13700000000';
let yunpian: FakeProvider;

// A real HTTP peer playing Yunpian: it checks the key and answers like the provider.
beforeAll(async () => {
  yunpian = await fakeProvider((req) => {
    const form = new URLSearchParams(req.body);
    if (form.get('apikey') !== 'yp-key') {
      return { status: 401, json: { code: -1, msg: 'invalid apikey' } };
    }
    if (form.get('mobile') === FAILING_PHONE) {
      return { status: 400, json: { code: 2, msg: 'mobile blocked' } };
    }
    return { status: 200, json: { code: 0, msg: '发送成功', count: 1, sid: 1 } };
  });
});
afterAll(() => yunpian.close());

const { t, tokens } = twoTenantApp(
  () => ({ SMS_ENDPOINTS: JSON.stringify({ yunpian: yunpian.url }) }),
  [authModule, userModule],
);

function phoneCall(body: Record<string, string>, ip = '10.90.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/phone',
    headers: { authorization: basic() },
    remoteAddress: ip,
    payload: body,
  });
}

/** The code in the last text sent to a phone. */
function lastCode(phone: string): string {
  const sent = yunpian.requests
    .map((r) => new URLSearchParams(r.body))
    .filter((f) => f.get('mobile') === phone);
  const value = decodeURIComponent(sent.at(-1)?.get('tpl_value') ?? '');
  return /#code#=(\d{6})/.exec(value)?.[1] ?? '';
}

/** Lets the next code for a target be issued at once (the one-a-minute limit is tested on its own). */
async function rewindCodes(): Promise<void> {
  await t.database.root
    .updateTable('yuan_verify_code')
    .set({ create_time: new Date(Date.now() - 120_000) })
    .execute();
}

describe('phone sign-in and send-message', () => {
  it('needs an SMS service, checks the number and signs in once with the texted code', async () => {
    const none = await phoneCall({ phone: PHONE });
    expect(none.statusCode).toBe(400);
    expect(none.json().error_description).toBe('短信服务未配置');

    const config = await t.call('POST', '/api/yuan-resource/sms/submit', tokens.a, {
      category: 4,
      smsCode: 'login',
      templateId: 'tpl-1',
      secretKey: 'yp-key',
    });
    expect(config.statusCode).toBe(200);
    expect(
      (await t.call('POST', `/api/yuan-resource/sms/enable?id=${config.json().data.id}`, tokens.a))
        .statusCode,
    ).toBe(200);
    expect((await t.call('POST', '/api/yuan-user/update-info', tokens.a, { phone: PHONE })).statusCode).toBe(
      200,
    );

    for (const [phone, message] of [
      ['', '手机号码不能为空'],
      ['1380013800', '手机号码长度不为11位'],
      ['23800138000', '手机号码格式不正确'],
    ]) {
      const refused = await phoneCall({ phone: phone ?? '' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_description).toBe(message);
    }

    const sent = await phoneCall({ phone: PHONE });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().msg).toBe('验证码已发送');
    const code = lastCode(PHONE);
    expect(code).toMatch(/^\d{6}$/);
    expect(new URLSearchParams(yunpian.requests.at(-1)?.body).get('tpl_id')).toBe('tpl-1');
    // One code a minute per number.
    const again = await phoneCall({ phone: PHONE });
    expect(again.statusCode).toBe(429);

    const wrong = await phoneCall({ phone: PHONE, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_description).toBe('验证码不正确或已过期');
    const signedIn = await phoneCall({ phone: PHONE, code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ account: 'admin', tenant_id: '000000' });
    const me = await t.call('GET', '/api/yuan-auth/oauth/user-info', signedIn.json().access_token);
    expect(me.statusCode).toBe(200);
    // Single use.
    expect((await phoneCall({ phone: PHONE, code })).statusCode).toBe(400);

    // A tenant that requires a second factor asks for it after the texted code as after a password.
    const policy = await t.call('POST', '/api/yuan-system/param/submit', tokens.a, {
      paramName: 'MFA',
      paramKey: 'auth.mfa',
      paramValue: 'all',
    });
    expect(policy.statusCode).toBe(200);
    await rewindCodes();
    expect((await phoneCall({ phone: PHONE })).statusCode).toBe(200);
    const stepped = await phoneCall({ phone: PHONE, code: lastCode(PHONE) });
    expect(stepped.statusCode).toBe(401);
    expect(stepped.json()).toMatchObject({ error: 'mfa_required', setup: true, methods: ['totp'] });
    expect(stepped.json().access_token).toBeUndefined();
    await t.call('POST', '/api/yuan-system/param/remove', tokens.a, { ids: policy.json().data.id });
  });

  it('answers alike for numbers without an account and texts them nothing', async () => {
    const before = yunpian.requests.length;
    const answer = await phoneCall({ phone: '13900139000' }, '10.90.0.2');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().msg).toBe('验证码已发送');
    expect(yunpian.requests.length).toBe(before);
  });

  it('refuses a code after five wrong tries and after it expires', async () => {
    await rewindCodes();
    await phoneCall({ phone: PHONE }, '10.90.0.3');
    const code = lastCode(PHONE);
    const other = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await phoneCall({ phone: PHONE, code: other }, '10.90.0.3')).statusCode).toBe(400);
    }
    expect((await phoneCall({ phone: PHONE, code }, '10.90.0.3')).statusCode).toBe(400);

    await rewindCodes();
    await phoneCall({ phone: PHONE }, '10.90.0.4');
    await t.database.root
      .updateTable('yuan_verify_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await phoneCall({ phone: PHONE, code: lastCode(PHONE) }, '10.90.0.4')).statusCode).toBe(400);
  });

  it('sends a template to several phones through the configuration with the code given', async () => {
    const before = yunpian.requests.length;
    const send = (body: Record<string, string>, token = tokens.a) =>
      t.call('POST', '/api/yuan-resource/sms/endpoint/send-message', token, body);
    const sentTwo = await send({ code: 'login', phones: `${PHONE}, 13900139000`, params: '{"code":"4321"}' });
    expect(sentTwo.statusCode).toBe(200);
    expect(sentTwo.json().msg).toBe('发送成功!');
    expect(yunpian.requests.length).toBe(before + 2);
    expect(
      decodeURIComponent(new URLSearchParams(yunpian.requests.at(-1)?.body).get('tpl_value') ?? ''),
    ).toBe('#code#=4321');

    const badPhone = await send({ code: 'login', phones: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().msg).toContain('手机号码长度不为11位');
    expect((await send({ code: 'login', phones: PHONE, params: '{not json' })).statusCode).toBe(400);
    const unknown = await send({ code: 'nope', phones: PHONE });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('短信服务未配置');
    const failed = await send({ code: 'login', phones: FAILING_PHONE });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().msg).toContain('短信发送失败');
    expect(failed.json().msg).not.toContain('yp-key');
    expect((await send({ code: 'login', phones: PHONE }, tokens.noPerm)).statusCode).toBe(403);
    // Another tenant has no configuration of that code.
    expect((await send({ code: 'login', phones: PHONE }, tokens.b)).json().msg).toBe('短信服务未配置');
  });
});
