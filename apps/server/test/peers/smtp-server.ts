/** Test-only: a real SMTP server on 127.0.0.1 that requires AUTH and keeps what it receives. Not used at runtime. */

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  /** Envelope (MAIL FROM / RCPT TO), as the client sent it. */
  mailFrom: string;
  rcptTo: string[];
  /** Headers by lower-case name, unfolded, with RFC 2047 encoded words decoded. */
  headers: Map<string, string>;
  /** Decoded text/plain and text/html parts. */
  text: string;
  html: string;
}

export interface TestSmtp {
  port: number;
  /** smtp:// URL with the given credentials, percent-encoded as a real SMTP_URL must be. */
  url(user: string, pass: string): string;
  mails: ReceivedMail[];
  /** TCP connections accepted, to prove a refused call never connected. */
  connections: number;
  /** Exceptions in the test server's own handlers; tests assert it stays empty. */
  errors: unknown[];
  close(): Promise<void>;
}

export async function startTestSmtp(user: string, pass: string): Promise<TestSmtp> {
  const state: TestSmtp = {
    port: 0,
    url: (u, p) => `smtp://${encodeURIComponent(u)}:${encodeURIComponent(p)}@127.0.0.1:${state.port}`,
    mails: [],
    connections: 0,
    errors: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    // Plain TCP with AUTH required: the client's credentials travel in the clear, acceptable on loopback only.
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) {
        callback(null, { user });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        try {
          state.mails.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            ...parseMessage(Buffer.concat(chunks).toString('latin1')),
          });
        } catch (err) {
          state.errors.push(err);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  return state;
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

/** Splits an entity (kept as latin1, i.e. raw bytes) into unfolded headers and its body. */
function splitEntity(raw: string): Entity {
  const end = raw.indexOf('\r\n\r\n');
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
    }
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(qpBytes(data.replace(/_/g, ' '))).toString('utf8'),
    );
}

/** Quoted-printable to raw bytes; soft line breaks joined. */
function qpBytes(text: string): Uint8Array {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') {
    return Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (encoding === 'quoted-printable') {
    return Buffer.from(qpBytes(entity.body)).toString('utf8');
  }
  return Buffer.from(entity.body, 'latin1').toString('utf8');
}

/** Enough MIME for these tests: one text part, one html part, or both under multipart/alternative. */
function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html'> {
  const top = splitEntity(raw);
  const parts: Entity[] = [];
  const type = top.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const chunk of top.body.split(`--${boundary}`).slice(1)) {
      if (!chunk.startsWith('--')) {
        parts.push(splitEntity(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')));
      }
    }
  } else {
    parts.push(top);
  }
  const ofType = (mime: string) =>
    parts
      .filter((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(mime))
      .map(decodeBody)
      .join('');
  return { headers: top.headers, text: ofType('text/plain'), html: ofType('text/html') };
}

/** A file's SMTP peer, started before its app (pass `env` to twoTenantApp) and closed after its tests. */
export function useTestSmtp() {
  let server: TestSmtp | undefined;
  beforeAll(async () => {
    server = await startTestSmtp('mailer', 'mail-pass');
  });
  afterAll(() => server?.close());
  const mails = () => server?.mails ?? [];
  return {
    mails,
    env: (): Record<string, string> => ({
      SMTP_URL: server?.url('mailer', 'mail-pass') ?? '',
      MAIL_FROM: 'Yuan <no-reply@yuan.test>',
    }),
    /** The code (six digits unless told) of the last mail to an address ('' when none came). */
    lastCodeTo(address: string, digits = 6): string {
      const mail = mails()
        .filter((m) => m.rcptTo.includes(address))
        .at(-1);
      return new RegExp(`\\b(\\d{${digits}})\\b`).exec(mail?.text ?? '')?.[1] ?? '';
    },
  };
}
