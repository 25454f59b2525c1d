import { maskSecrets, SECRET_MASK } from '@yuan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { redact } from '../lib/redact.ts';

/**
 * What a call may leave in a log follows from its route's schemas: every value at a field the contract declares
 * secret is masked before the API log, the error log or the server's own log sees the call. The key-name net
 * (`redact`) runs after it, for keys no schema describes.
 */

/** Shorter secrets are not searched for in free text (an error message): they would hide ordinary words. */
const MIN_SCRUB = 4;
/** Credentials inside any address in a text: scheme://user:password@host. */
const USERINFO = /([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/g;

interface RouteSchemas {
  querystring?: ZodType;
  body?: ZodType;
}

/** The schemas a call's parameters are declared by; routes that read their parameters themselves declare one. */
function schemasOf(request: FastifyRequest): { query?: ZodType; body?: ZodType } {
  const options = request.routeOptions as Partial<FastifyRequest['routeOptions']> | undefined;
  const declared = options?.config?.paramsSchema;
  const schema = options?.schema as RouteSchemas | undefined;
  return { query: declared ?? schema?.querystring, body: declared ?? schema?.body };
}

/** The call's query and body as a log may show them; `found` collects the secrets that were masked. */
export function maskedParams(
  request: FastifyRequest,
  found: string[] = [],
): { query: unknown; body: unknown } {
  const { query, body } = schemasOf(request);
  // Uploads stay out of the log: their content is a file, not parameters.
  const given = request.isMultipart?.() ? { file: '(upload)' } : request.body;
  return {
    query: redact(maskSecrets(query, request.query, found), found),
    body: redact(maskSecrets(body, given, found), found),
  };
}

/** The request's address with the values of its secret query parameters masked. */
export function maskedUrl(request: FastifyRequest): string {
  const url = request.url;
  const q = url.indexOf('?');
  if (q < 0) {
    return url;
  }
  const pairs = url.slice(q + 1).split('&');
  const keyOf = (pair: string) => new URLSearchParams(pair).keys().next().value ?? '';
  const given: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(url.slice(q + 1))) {
    const prev = given[k];
    given[k] = prev === undefined ? v : [prev, v].flat();
  }
  const masked = redact(maskSecrets(schemasOf(request).query, given)) as Record<string, unknown>;
  const hidden = new Set(
    Object.keys(given).filter((k) => JSON.stringify(masked[k]) !== JSON.stringify(given[k])),
  );
  if (hidden.size === 0) {
    return url;
  }
  const shown = pairs.map((pair) => {
    if (!hidden.has(keyOf(pair))) {
      return pair;
    }
    const eq = pair.indexOf('=');
    return `${eq < 0 ? pair : pair.slice(0, eq)}=${SECRET_MASK}`;
  });
  return `${url.slice(0, q)}?${shown.join('&')}`;
}

/** `text` without the given secrets and without credentials inside addresses. */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  const longestFirst = [...new Set(secrets)]
    .filter((s) => s.length >= MIN_SCRUB)
    .sort((a, b) => b.length - a.length);
  for (const s of longestFirst) {
    out = out.split(s).join(SECRET_MASK);
  }
  return out.replace(USERINFO, `$1${SECRET_MASK}@`);
}

/** The secrets a call carried (masked values of its query and body), to clean the texts of its errors. */
export function secretsOf(request: FastifyRequest | undefined): string[] {
  const found: string[] = [];
  if (request) {
    maskedParams(request, found);
  }
  return found;
}

/**
 * An error as a log may keep it: name, message, stack and its other plain properties (a database error's detail)
 * cleaned of the call's secrets. Objects hung on the error are left out, the cause is kept, cleaned the same way.
 */
export function scrubbedError(error: unknown, secrets: readonly string[], depth = 0): Error {
  const source = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(scrubText(source.message, secrets)) as Error & Record<string, unknown>;
  copy.name = source.name;
  copy.stack = scrubText(source.stack ?? '', secrets);
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') {
      copy[key] = scrubText(value, secrets);
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      copy[key] = value;
    }
  }
  if (source.cause !== undefined && depth < 3) {
    copy.cause = scrubbedError(source.cause, secrets, depth + 1);
  }
  return copy;
}

/** The shape pino's own error serializer gives, from a cleaned copy. */
function errorForLog(error: unknown, secrets: readonly string[]): Record<string, unknown> {
  const type = error instanceof Error ? error.constructor.name : typeof error;
  const clean = scrubbedError(error, secrets);
  const out: Record<string, unknown> = { ...clean, type, message: clean.message, stack: clean.stack };
  if (clean.cause instanceof Error) {
    out.cause = errorForLog(clean.cause, []);
  }
  return out;
}

/** The secrets of the call whose log line is being written (see `logHooks`); none outside a call's line. */
let lineSecrets: readonly string[] = [];

/** Serializers of the server's log: a request shows its masked address; errors lose the call's secrets. */
export const logSerializers = {
  req: (request: unknown) => {
    const r = request as FastifyRequest;
    return {
      method: r.method,
      url: maskedUrl(r),
      host: r.host,
      remoteAddress: r.ip,
      remotePort: r.socket?.remotePort,
    };
  },
  err: (error: unknown) =>
    errorForLog(error, lineSecrets) as { type: string; message: string; stack: string },
};

/** Where a call's logger keeps its call. */
const CALL = Symbol('yuan.call');
type CallLogger = { [CALL]?: FastifyRequest };

/**
 * A line written through a call's logger serializes its errors knowing the call's secrets, looked up only then:
 * pino serializes during the call to the log method, so the secrets are in place exactly for that line.
 */
export const logHooks = {
  logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
    const request = (this as CallLogger)[CALL];
    if (!request) {
      method.apply(this, args);
      return;
    }
    const outer = lineSecrets;
    lineSecrets = secretsOf(request);
    try {
      method.apply(this, args);
    } finally {
      lineSecrets = outer;
    }
  },
};

/** Each call's logger knows its call, so its lines' errors are cleaned of the call's secrets (`logHooks`). */
export function registerLogSecrets(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    (request.log as unknown as CallLogger)[CALL] = request;
    done();
  });
}
