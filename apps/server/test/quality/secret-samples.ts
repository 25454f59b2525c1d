import { randomBytes, randomInt } from 'node:crypto';
import { type SecretKind, secretPaths } from '@yuan/contract';
import type { ZodType } from 'zod';
import type { RouteInfo } from '../../src/plugins/route-table.ts';
import { CLIENT, basic } from '../env.ts';
import { type Refs, resourceOf, sampleBody } from '../fixtures.ts';

/** Distinctive values: each one handed out is searched for in every log afterwards. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export class Markers {
  readonly all: string[] = [];
  private n = 0;

  private add(value: string): string {
    this.all.push(value);
    return value;
  }

  /** Free text, long enough for any password rule. */
  text(): string {
    this.n += 1;
    return this.add(`Lk${this.n}x${randomBytes(6).toString('hex')}`);
  }

  /** A numeric code. It starts with 0, so no line number, port, process id or year can look like it. */
  digits(length: number): string {
    return this.add(`0${Array.from({ length: length - 1 }, () => randomInt(10)).join('')}`);
  }

  hex(length: number): string {
    return this.add(randomBytes(length / 2).toString('hex'));
  }

  /** A redeemable code's shape: letters, digits and dashes, 8 to 40. */
  redeem(): string {
    return this.add(`LK${randomBytes(8).toString('hex')}`);
  }

  /** A database address with a password in its user info and another in its query. */
  url(): string {
    return `postgres://leakuser:${this.text()}@db.example:5432/app?sslpassword=${this.text()}`;
  }

  of(kind: SecretKind): string {
    return kind === 'url' ? this.url() : this.text();
  }

  /**
   * Markers found in `text`: digit-only ones only where they stand as a number of their own — not inside a run of
   * letters and digits (a hash, a token), and not in a UUID (every log line carries one as its request id: a random
   * "-0631-" there is no leak).
   */
  foundIn(text: string): string[] {
    const plain = text.replace(UUID, '');
    return this.all.filter((m) =>
      /^\d+$/.test(m) ? new RegExp(`(^|[^0-9A-Za-z])${m}([^0-9A-Za-z]|$)`).test(plain) : text.includes(m),
    );
  }
}

/** The schemas that describe a route's query and body, for the logs. */
export function schemasOf(route: RouteInfo): { query?: ZodType; body?: ZodType } {
  const declared = route.config.paramsSchema;
  return declared ? { query: declared, body: declared } : { query: route.querystring, body: route.body };
}

/** `value` at `path` (object keys, `[]` an array element, `*` a record key, digits a tuple position). */
function placed(path: string[], value: string): unknown {
  const [step, ...rest] = path;
  if (step === undefined) {
    return value;
  }
  const inner = placed(rest, value);
  if (step === '[]') {
    return [inner];
  }
  if (/^\d+$/.test(step)) {
    return Array.from({ length: Number(step) + 1 }, (_, i) => (i === Number(step) ? inner : ''));
  }
  return { [step === '*' ? 'k' : step]: inner };
}

function merged(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) {
    return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => merged(a[i], b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b)) {
      out[k] = merged(out[k], v);
    }
    return out;
  }
  return b ?? a;
}

/** A value holding a marker at every secret path of `schema` and nothing else (other required fields missing). */
export function onlySecrets(schema: ZodType | undefined, m: Markers): unknown {
  const paths = secretPaths(schema);
  if (paths.length === 0) {
    return undefined;
  }
  return paths.reduce<unknown>((root, { path, kind }) => merged(root, placed(path, m.of(kind))), {});
}

/** One call: query parameters, a JSON or form body, extra headers. */
export interface Sample {
  query?: Record<string, string>;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

type Hand = (m: Markers) => Sample[];

const pw = (m: Markers) => m.text();
const tag = () => randomBytes(4).toString('hex');

/** Calls that pass each route's own checks (the service may still refuse them), secrets in every secret field. */
const HAND: Record<string, Hand> = {
  'POST /api/yuan-auth/oauth/token': (m) => [
    // Parameters in the query string, as the origin's web app sends them, with the client in the Basic header.
    {
      query: {
        tenantId: '000000',
        grant_type: 'password',
        username: 'nobody',
        password: m.text(),
        scope: 'all',
      },
      headers: { authorization: basic() },
    },
    { form: { grant_type: 'refresh_token', refresh_token: m.text() }, headers: { authorization: basic() } },
    {
      body: { grant_type: 'authorization_code', code: m.text(), redirect_uri: 'https://app.example/cb' },
      headers: { authorization: basic(CLIENT.id, m.text()) },
    },
    { body: { grant_type: 'password', username: 'nobody', client_secret: m.text(), password: m.text() } },
    // The second step: its token and each kind of proof.
    {
      body: { grant_type: 'mfa', mfa_token: `000000.${m.text()}`, otp: m.digits(6) },
      headers: { authorization: basic() },
    },
    {
      body: { grant_type: 'mfa', mfa_token: `000000.${m.text()}`, recovery_code: m.text() },
      headers: { authorization: basic() },
    },
    {
      body: { grant_type: 'mfa', mfa_token: `000000.${m.text()}`, passkey: `{"id":"${m.text()}"}` },
      headers: { authorization: basic() },
    },
  ],
  'POST /api/yuan-auth/oauth/mfa/passkey-options': (m) => [{ body: { mfa_token: `000000.${m.text()}` } }],
  'POST /api/yuan-auth/oauth/mfa/totp-setup': (m) => [{ body: { mfa_token: `000000.${m.text()}` } }],
  'POST /api/yuan-user/mfa/totp/confirm': (m) => [{ body: { code: m.digits(6) } }],
  'POST /api/yuan-user/mfa/remove': (m) => [
    { body: { kind: 'totp', password: m.text() } },
    { body: { kind: 'totp', code: m.digits(6) } },
  ],
  'POST /api/yuan-auth/oauth/phone': (m) => [
    {
      query: { tenantId: '000000', phone: '13800138000', code: m.digits(6) },
      headers: { authorization: basic() },
    },
  ],
  'POST /api/yuan-auth/oauth/checkEmailVerifyCode': (m) => [
    { body: { verCode: m.digits(6), ssoCode: m.text() } },
  ],
  'POST /api/yuan-api/clientApp/createWallet': (m) => {
    const p = pw(m);
    return [{ body: { name: 'w', password: p, password2: p, email: 'leak@example.com', agreed: true } }];
  },
  'POST /api/yuan-api/clientApp/importWallet': (m) => {
    const p = pw(m);
    const body = {
      password: p,
      password2: p,
      email: 'leak@example.com',
      agreed: true,
      privateKey: m.hex(64),
    };
    return [{ body }];
  },
  'POST /api/yuan-api/clientApp/ybiToEth': (m) => [
    { body: { amountIn: '1', walletId: '1', minOut: '0', requestId: `leak-${tag()}`, password: pw(m) } },
    { body: { amountIn: '1', walletId: '1', requestId: `leak-${tag()}`, code: m.digits(4) } },
  ],
  'POST /api/yuan-api/clientApp/sendToken': (m) => [
    {
      body: {
        walletId: '1',
        to: `0x${'1'.repeat(40)}`,
        amount: '1',
        requestId: `leak-${tag()}`,
        password: pw(m),
        code: m.digits(4),
      },
    },
  ],
  'POST /api/yuan-api/clientApp/sendTerritoryCode': (m) => [
    { body: { code: m.redeem(), userId: '1', channel: 'mail' } },
  ],
  'POST /api/yuan-api/sdk/use': (m) => [{ body: { code: m.redeem(), walletId: '1' } }],
  'POST /api/yuan-user/pwd/retrieve': (m) => {
    const p = pw(m);
    return [
      { body: { tenantId: '000000', account: 'nobody', code: m.digits(6), newPassword: p, newPassword1: p } },
    ];
  },
  'POST /api/yuan-user/update-password': (m) => {
    const p = pw(m);
    return [{ body: { oldPassword: m.text(), newPassword: p, newPassword1: p } }];
  },
  'POST /api/yuan-user/register-guest': (m) => {
    const p = pw(m);
    return [{ body: { tenantId: '000000', account: `leak${tag()}`, password: p, password2: p } }];
  },
  // A webhook's address may carry a key in its query; the signing secret is 16 characters or more.
  'POST /api/yuan-api/trigger/saveOrUpdate': (m) => [
    {
      body: {
        name: `leak${tag()}`,
        resource: 'user',
        events: ['create'],
        action: { kind: 'webhook', url: `https://hooks.example/in?key=${m.text()}`, secret: m.text() },
      },
    },
  ],
  // The test's probe: its note is no secret, and shows in the logs.
  'POST /api/zz-probe/secret': (m) => [{ body: { pin: m.text(), note: `note-${tag()}` } }],
};

/**
 * The calls that pass validation for a route with secret fields: a plain resource's submit is its sample row with
 * markers in the secret fields; other routes are written out above. Undefined: nobody wrote one yet.
 */
export function validSamples(route: RouteInfo, m: Markers, refs: Refs, n: number): Sample[] | undefined {
  const hand = HAND[`${route.method} ${route.url}`];
  if (hand) {
    return hand(m);
  }
  const res = resourceOf(route.url);
  if (!res || !/\/(submit|update)$/.test(route.url)) {
    return undefined;
  }
  const body: Record<string, unknown> = sampleBody(res, n, refs);
  for (const { path, kind } of secretPaths(route.body)) {
    if (path.length === 1 && path[0]) {
      body[path[0]] = m.of(kind);
    }
  }
  for (const [name, f] of Object.entries(res.fields)) {
    if (f.sameAs) {
      body[name] = body[f.sameAs];
    }
  }
  return [{ body }];
}
