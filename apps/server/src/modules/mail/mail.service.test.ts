import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { MailSendError, MailService } from './mail.service.ts';
import { DEFAULT_MAIL_FROM, mailConfig } from './mail-config.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/peers/smtp-server.ts';

const USER = 'mailer@example.com';
// Characters that must be percent-encoded in SMTP_URL, to prove the service decodes them.
const PASS = 'S3cret:p@ss/wörd';
const FROM = 'Yuan Admin <no-reply@example.com>';

let smtp: TestSmtp;
const services: MailService[] = [];

/** A service whose pool is closed after the test, so the SMTP server can shut down promptly. */
function service(url: string | undefined, timeoutMs?: number): MailService {
  const s = new MailService({ url, from: FROM }, timeoutMs);
  services.push(s);
  return s;
}

/** A port that was free a moment ago: connecting to it is refused at once. */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Rejects with whatever sendCode threw, or fails the test if it resolved. */
async function failure(promise: Promise<void>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected sendCode to fail');
}

beforeAll(async () => {
  smtp = await startTestSmtp(USER, PASS);
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  expect(smtp.errors).toEqual([]);
});

afterAll(async () => {
  await smtp.close();
});

describe('MailService.sendCode', () => {
  it('mails an e-mail verification code in Chinese', async () => {
    const mail = service(smtp.url(USER, PASS));
    expect(mail.configured).toBe(true);
    await mail.sendCode('alice@example.com', '123456', 'email-verify', 'zh');

    const got = smtp.mails.at(-1)!;
    expect(got.mailFrom).toBe('no-reply@example.com');
    expect(got.rcptTo).toEqual(['alice@example.com']);
    expect(got.headers.get('from')).toBe('Yuan Admin <no-reply@example.com>');
    expect(got.headers.get('to')).toBe('alice@example.com');
    expect(got.headers.get('subject')).toBe('邮箱验证码');
    expect(got.text).toContain('123456');
    expect(got.text).toContain('5 分钟内有效');
    expect(got.html).toContain('>123456<');
    expect(got.html).toContain('邮箱验证码');
  });

  it('mails a password retrieval code in English', async () => {
    const mail = service(smtp.url(USER, PASS));
    await mail.sendCode('bob@example.org', '000042', 'pwd-retrieve', 'en');

    const got = smtp.mails.at(-1)!;
    expect(got.rcptTo).toEqual(['bob@example.org']);
    expect(got.headers.get('subject')).toBe('Password retrieval code');
    expect(got.text).toContain('Your password retrieval code is:');
    expect(got.text).toContain('000042');
    expect(got.text).toContain('valid for 5 minutes');
    expect(got.html).toContain('>000042<');
    expect(got.html).toContain('<html lang="en">');
  });

  it('reuses the pooled connection for a second code', async () => {
    const mail = service(smtp.url(USER, PASS));
    const before = smtp.connections;
    await mail.sendCode('carol@example.com', '111111', 'email-verify', 'en');
    await mail.sendCode('carol@example.com', '222222', 'pwd-retrieve', 'zh');
    expect(smtp.connections - before).toBe(1);
    expect(smtp.mails.slice(-2).map((m) => m.headers.get('subject'))).toEqual([
      'E-mail verification code',
      '找回密码验证码',
    ]);
  });

  it('reports a wrong SMTP password as MailSendError without the password', async () => {
    const wrong = 'Wr0ng:pa55/wörd';
    const mail = service(smtp.url(USER, wrong));
    const sent = smtp.mails.length;
    const error = await failure(mail.sendCode('alice@example.com', '123456', 'email-verify', 'en'));

    expect(error).toBeInstanceOf(MailSendError);
    const { message, detail } = error as MailSendError;
    expect(detail).toMatch(/^EAUTH: .*535/);
    for (const form of [wrong, encodeURIComponent(wrong), Buffer.from(wrong).toString('base64'), PASS]) {
      expect(message).not.toContain(form);
      expect(detail).not.toContain(form);
    }
    expect(smtp.mails.length).toBe(sent);
  });

  it('gives up on a server nobody listens on with MailSendError, well within the timeout', async () => {
    const port = await unusedPort();
    const mail = service(`smtp://${USER}:${encodeURIComponent(PASS)}@127.0.0.1:${port}`);
    const started = Date.now();
    const error = await failure(mail.sendCode('alice@example.com', '123456', 'email-verify', 'en'));

    expect(error).toBeInstanceOf(MailSendError);
    expect((error as MailSendError).detail).toContain('ECONNREFUSED');
    expect((error as MailSendError).message).not.toContain(PASS);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  describe('against a server that accepts but never greets', () => {
    let silent: Server;
    let port: number;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      // Holds each socket open and says nothing, as a hung SMTP server would.
      silent = createServer((socket) => {
        sockets.push(socket);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      port = (silent.address() as AddressInfo).port;
    });

    afterAll(async () => {
      for (const socket of sockets) {
        socket.destroy();
      }
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('times out with MailSendError instead of hanging', async () => {
      const mail = service(`smtp://${USER}:${encodeURIComponent(PASS)}@127.0.0.1:${port}`, 300);
      const started = Date.now();
      const error = await failure(mail.sendCode('alice@example.com', '123456', 'email-verify', 'zh'));

      expect(error).toBeInstanceOf(MailSendError);
      expect((error as MailSendError).detail).toMatch(/^ETIMEDOUT: /);
      // One timeout, not a string of retries.
      expect(Date.now() - started).toBeLessThan(3_000);
    });
  });

  it('refuses with MailSendError when SMTP_URL is not set', async () => {
    const mail = service(undefined);
    expect(mail.configured).toBe(false);
    const error = await failure(mail.sendCode('alice@example.com', '123456', 'email-verify', 'zh'));
    expect(error).toBeInstanceOf(MailSendError);
    expect((error as MailSendError).detail).toContain('not configured');
  });

  it('refuses a code that is not six digits before connecting', async () => {
    const mail = service(smtp.url(USER, PASS));
    const before = smtp.connections;
    for (const code of ['12345a', '12345', '1234567', '<b>12</b>', '１２３４５６', '123456\n']) {
      await expect(mail.sendCode('alice@example.com', code, 'email-verify', 'en')).rejects.toThrow(
        RangeError,
      );
    }
    expect(smtp.connections).toBe(before);
  });

  it('refuses a recipient list or display-name form before connecting', async () => {
    const mail = service(smtp.url(USER, PASS));
    const before = smtp.connections;
    for (const to of ['a@example.com, b@example.com', 'Eve <eve@example.com>', 'not-an-address', '']) {
      await expect(mail.sendCode(to, '123456', 'email-verify', 'en')).rejects.toThrow(RangeError);
    }
    expect(smtp.connections).toBe(before);
  });

  it('refuses to send after close', async () => {
    const mail = service(smtp.url(USER, PASS));
    await mail.close();
    await expect(mail.sendCode('alice@example.com', '123456', 'email-verify', 'en')).rejects.toThrow(
      MailSendError,
    );
  });
});

describe('mailConfig', () => {
  it('leaves mail unconfigured when SMTP_URL is unset or blank', () => {
    expect(mailConfig({})).toEqual({ url: undefined, from: DEFAULT_MAIL_FROM });
    expect(mailConfig({ SMTP_URL: '', MAIL_FROM: ' ' })).toEqual({ url: undefined, from: DEFAULT_MAIL_FROM });
    expect(DEFAULT_MAIL_FROM).toBe('Yuan Admin <no-reply@localhost>');
  });

  it('accepts smtp:// and smtps:// URLs and a custom sender', () => {
    expect(mailConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' })).toEqual({
      url: 'smtp://user:pass@mail.example.com:587',
      from: DEFAULT_MAIL_FROM,
    });
    expect(
      mailConfig({ SMTP_URL: ' smtps://u%40x:p%2Fw@smtp.example.com:465 ', MAIL_FROM: 'ops@example.com' }),
    ).toEqual({ url: 'smtps://u%40x:p%2Fw@smtp.example.com:465', from: 'ops@example.com' });
  });

  it.each([
    ['not a url', 'not a url'],
    ['another scheme', 'https://user:topsecret@mail.example.com'],
    ['no host', 'smtp:///x'],
    ['credentials but no host', 'smtp://user:topsecret@/'],
    ['a bad port', 'smtp://user:topsecret@mail.example.com:99999'],
  ])('refuses %s with a ConfigError naming SMTP_URL but not its value', (_name, value) => {
    let error: unknown;
    try {
      mailConfig({ SMTP_URL: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^Invalid configuration SMTP_URL: must be smtp:\/\/.* or smtps:\/\//);
    expect(message).not.toContain(value);
    expect(message).not.toContain('topsecret');
  });

  it('refuses a MAIL_FROM that is not one address', () => {
    for (const from of ['nobody', 'a@example.com, b@example.com', 'Name <a@example.com']) {
      expect(() => mailConfig({ MAIL_FROM: from })).toThrow(
        /^Invalid configuration MAIL_FROM: must be one address/,
      );
    }
  });
});
