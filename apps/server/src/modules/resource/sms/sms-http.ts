/**
 * Shared plumbing for the SMS adapters: the error type, one bounded HTTP call and JSON field access.
 * Kept apart from sms-provider.ts so the provider files do not import the factory that imports them.
 */

/** A provider refused or could not be reached; `detail` carries the provider's own code and message. */
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    readonly detail: string,
  ) {
    super(`SMS (${provider}) failed: ${detail}`);
    this.name = 'SmsSendError';
  }
}

/** Every send gives up after this long, so a stuck provider cannot hold a request handler open. */
export const SMS_TIMEOUT_MS = 10_000;

/** Removes secrets (raw and URL-encoded) from text that may end up in logs or API answers. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short values would blank out ordinary words; real keys are far longer.
    if (secret.length < 4) {
      continue;
    }
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      out = out.split(form).join('***');
    }
  }
  return out;
}

/** Builds the error with the secrets removed from its detail. */
export function sendError(provider: string, detail: string, secrets: readonly string[]): SmsSendError {
  return new SmsSendError(provider, redact(detail, secrets));
}

export interface ProviderReply {
  status: number;
  ok: boolean;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

/** Sends one request with the timeout and turns transport failures into SmsSendError. */
export async function callProvider(
  provider: string,
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  secrets: readonly string[],
): Promise<ProviderReply> {
  let res: Response;
  let raw: string;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(SMS_TIMEOUT_MS) });
    raw = await res.text();
  } catch (err) {
    throw sendError(provider, transportDetail(err), secrets);
  }
  let json: unknown;
  try {
    json = raw ? JSON.parse(raw) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, ok: res.ok, json };
}

function transportDetail(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `no answer within ${SMS_TIMEOUT_MS} ms`;
  }
  // undici reports "fetch failed" and puts the useful part (ECONNREFUSED, ENOTFOUND...) in `cause`.
  const cause = err instanceof Error ? err.cause : undefined;
  const code = record(cause).code;
  if (typeof code === 'string') {
    return `request failed: ${code}`;
  }
  return `request failed: ${err instanceof Error ? err.message : String(err)}`;
}

/** Treats any JSON value as an object for field access; non-objects read as empty. */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** A field as text when it is a string or number (providers mix both for codes). */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number') {
    return String(value);
  }
  return undefined;
}

/** "CODE: message" from whatever parts the provider gave, falling back to the HTTP status. */
export function describe(code: string | undefined, message: string | undefined, status: number): string {
  const head = code ?? `HTTP ${status}`;
  return message ? `${head}: ${message}` : head;
}

/** Joins a base URL (with or without a trailing slash or path prefix) and an absolute API path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** Refuses an empty recipient list up front: every provider would reject it with a less clear code. */
export function requirePhones(provider: string, phones: readonly string[]): string[] {
  const list = phones.map((p) => p.trim()).filter((p) => p !== '');
  if (list.length === 0) {
    throw new SmsSendError(provider, 'no phone numbers');
  }
  return list;
}
