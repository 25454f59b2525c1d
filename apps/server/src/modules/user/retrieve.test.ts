import { describe, expect, it } from 'vitest';
import { basic } from '../../../test/env.ts';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { useTestSmtp } from '../../../test/peers/smtp-server.ts';
import { userModule } from './index.ts';

const RETRIEVE = '/api/yuan-user/pwd/retrieve';
// A real SMTP server on loopback receives the codes.
const smtp = useTestSmtp();
const { t, tokens } = twoTenantApp(smtp.env, [userModule]);
const lastCodeTo = smtp.lastCodeTo;

function retrieve(body: Record<string, string>, ip = '10.95.0.1', lang = 'zh-CN') {
  return t.app.inject({
    method: 'POST',
    url: RETRIEVE,
    remoteAddress: ip,
    headers: { 'accept-language': lang },
    payload: body,
  });
}

function signIn(password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token',
    headers: { authorization: basic() },
    remoteAddress: ip,
    query: { tenantId: '000000', username: 'mailuser', password, grant_type: 'password', scope: 'all' },
  });
}

async function rewindCodes(): Promise<void> {
  await t.database.root
    .updateTable('yuan_verify_code')
    .set({ create_time: new Date(Date.now() - 120_000) })
    .execute();
}

describe('password retrieval', () => {
  it("mails a code to the account's address; the code sets a new password and ends the sessions", async () => {
    const roles = (await t.call('GET', '/api/yuan-system/role/list', tokens.a)).json().data.records;
    const depts = (await t.call('GET', '/api/yuan-system/dept/list', tokens.a)).json().data.records;
    const posts = (await t.call('GET', '/api/yuan-system/post/list', tokens.a)).json().data.records;
    const made = await t.call('POST', '/api/yuan-user/submit', tokens.a, {
      account: 'mailuser',
      name: 'mail',
      realName: 'Mail User',
      password: 'Before@2026',
      email: 'mailuser@yuan.test',
      roleId: roles[0].id,
      deptId: depts[0].id,
      postId: posts[0].id,
    });
    expect(made.statusCode).toBe(200);
    const session = (await signIn('Before@2026', '10.96.0.1')).json().access_token;

    const asked = await retrieve({ tenantId: '000000', account: 'mailuser' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().msg).toBe('验证码已发送');
    const mail = smtp.mails().at(-1);
    expect(mail?.rcptTo).toEqual(['mailuser@yuan.test']);
    expect(mail?.headers.get('subject')).toContain('找回密码');
    const code = lastCodeTo('mailuser@yuan.test');
    expect(code).toMatch(/^\d{6}$/);

    const mismatch = await retrieve({
      tenantId: '000000',
      account: 'mailuser',
      code,
      newPassword: 'After@2026',
      newPassword1: 'Other@2026',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().msg).toContain('两次密码输入不一致');
    const wrong = await retrieve({
      tenantId: '000000',
      account: 'mailuser',
      code: code === '000000' ? '111111' : '000000',
      newPassword: 'After@2026',
      newPassword1: 'After@2026',
    });
    expect(wrong.json().msg).toBe('验证码不正确或已过期');
    const reset = await retrieve({
      tenantId: '000000',
      account: 'mailuser',
      code,
      newPassword: 'After@2026',
      newPassword1: 'After@2026',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().msg).toBe('密码已重置，请使用新密码登录');
    expect((await signIn('Before@2026', '10.96.0.2')).statusCode).toBe(400);
    expect((await signIn('After@2026', '10.96.0.3')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/yuan-auth/oauth/user-info', session)).statusCode).toBe(401);
    // The code was spent.
    const again = await retrieve({
      tenantId: '000000',
      account: 'mailuser',
      code,
      newPassword: 'Third@2026',
      newPassword1: 'Third@2026',
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers alike for unknown accounts and mails nothing; one code a minute', async () => {
    await rewindCodes();
    const before = smtp.mails().length;
    const unknown = await retrieve({ tenantId: '000000', account: 'nobody-here' }, '10.95.0.2');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().msg).toBe('验证码已发送');
    expect(smtp.mails().length).toBe(before);
    const first = await retrieve({ tenantId: '000000', account: 'mailuser' }, '10.95.0.3', 'en');
    expect(first.statusCode).toBe(200);
    expect(smtp.mails().at(-1)?.headers.get('subject')).toMatch(/password/i);
    expect((await retrieve({ tenantId: '000000', account: 'mailuser' }, '10.95.0.3')).statusCode).toBe(429);
  });

  it('refuses bad input with its message', async () => {
    for (const [body, message] of [
      [{ tenantId: '', account: 'mailuser' }, '请先输入租户编号'],
      [{ tenantId: '000000', account: ' ' }, '请先输入账号名称'],
      [
        { tenantId: '000000', account: 'mailuser', code: '12ab56', newPassword: 'x1234567' },
        '请输入6位验证码',
      ],
      [{ tenantId: '000000', account: 'mailuser', code: '123456' }, '请先输入密码'],
      [
        { tenantId: '000000', account: 'mailuser', code: '123456', newPassword: '123', newPassword1: '123' },
        '密码长度不能少于6位',
      ],
    ] as const) {
      const answer = await retrieve(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().msg).toContain(message);
    }
  });
});
