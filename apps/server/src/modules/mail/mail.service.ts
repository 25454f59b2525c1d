import {
  createTransport,
  type SMTPPoolOptions,
  type SMTPPoolSentMessageInfo,
  type Transporter,
} from 'nodemailer';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { type CodePurpose, codeMessage, type MailLang } from './code-message.ts';
import type { MailConfig } from './mail-config.ts';

export type { CodePurpose, MailLang } from './code-message.ts';

/** Connect, greeting and idle-socket limits, so a dead or silent SMTP server cannot hold a request open for minutes. */
export const MAIL_TIMEOUT_MS = 10_000;

/** The mail could not be handed to the SMTP server (or mail is not configured); `detail` never holds the password. */
export class MailSendError extends Error {
  constructor(readonly detail: string) {
    super(`Mail not sent: ${detail}`);
    this.name = 'MailSendError';
  }
}

const singleAddress = z.email();

/** Sends one-time codes through the SMTP server of SMTP_URL. */
export class MailService {
  private readonly transport: Transporter<SMTPPoolSentMessageInfo, SMTPPoolOptions> | undefined;
  private readonly from: string;
  private readonly secrets: string[];
  private closed = false;

  /** `timeoutMs` exists for tests, which cannot wait the full 10 s for a silent server. */
  constructor(config: MailConfig, timeoutMs: number = MAIL_TIMEOUT_MS) {
    this.from = config.from;
    this.secrets = config.url === undefined ? [] : passwordForms(config.url);
    this.transport =
      config.url === undefined
        ? undefined
        : createTransport({
            url: config.url,
            // Pooled so bursts reuse an authenticated connection; codes are few, so two connections are plenty.
            pool: true,
            maxConnections: 2,
            connectionTimeout: timeoutMs,
            greetingTimeout: timeoutMs,
            socketTimeout: timeoutMs,
            // nodemailer logs nothing by default; say so, as its debug output would include the AUTH exchange.
            logger: false,
            debug: false,
          });
  }

  /** False when SMTP_URL is unset: callers hide or refuse the e-mail options. */
  get configured(): boolean {
    return this.transport !== undefined;
  }

  /**
   * Mails a one-time code. Throws RangeError for a malformed code or address (a caller's bug, checked before any
   * connection), MailSendError when mail is not configured or the SMTP server refused or could not be reached.
   */
  async sendCode(to: string, code: string, purpose: CodePurpose, lang: MailLang): Promise<void> {
    // Refuses a code that is not six digits, which keeps the HTML free of anything needing escaping.
    const message = codeMessage(code, purpose, lang);
    // One plain address: a list or a display-name form would let one request mail the code to several mailboxes.
    if (!singleAddress.safeParse(to).success) {
      throw new RangeError('The recipient must be a single e-mail address');
    }
    if (this.transport === undefined) {
      throw new MailSendError('mail is not configured (SMTP_URL is not set)');
    }
    if (this.closed) {
      throw new MailSendError('the mail service is closed');
    }
    try {
      await this.transport.sendMail({ from: this.from, to, ...message });
    } catch (error) {
      throw new MailSendError(redact(describe(error), this.secrets));
    }
  }

  /** Refuses a request that needs mail when none is configured: before it issues a code or changes anything. */
  requireConfigured(): void {
    if (!this.configured) {
      throw new AppError(400, 'mail.notConfigured');
    }
  }

  /** `sendCode` for a request: a mail the server could not hand over is the caller's 502 with the shared message. */
  async deliverCode(to: string, code: string, purpose: CodePurpose, lang: MailLang): Promise<void> {
    try {
      await this.sendCode(to, code, purpose, lang);
    } catch (error) {
      throw error instanceof MailSendError ? new AppError(502, 'mail.sendFailed') : error;
    }
  }

  /** Closes the pooled connections; a message already being delivered is allowed to finish. */
  async close(): Promise<void> {
    this.closed = true;
    this.transport?.close();
  }
}

/** nodemailer's code (EAUTH, ESOCKET, ETIMEDOUT...) and message; the latter includes the server's reply. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) {
    return String(error);
  }
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${code}: ${error.message}` : error.message;
}

/** The password as it may appear: as written in the URL, decoded, and base64 (the AUTH LOGIN form). */
function passwordForms(url: string): string[] {
  let raw: string;
  try {
    raw = new URL(url).password;
  } catch {
    return [];
  }
  if (raw === '') {
    return [];
  }
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A stray % is kept literally by the URL parser; the raw form is still redacted.
  }
  return [...new Set([raw, decoded, Buffer.from(decoded).toString('base64')])];
}

/** Removes every form of the password, however short: a mangled error text is better than a leaked secret. */
function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    out = out.split(secret).join('***');
  }
  return out;
}
