/**
 * Shared plumbing for the SMS adapters: the error type, one bounded HTTP call and JSON field access.
 * Kept apart from sms-provider.ts so the provider files do not import the factory that imports them.
 * The transport itself (timeout, redaction) is the one in lib/provider-http, shared with the storage adapters.
 */
import {
  asRecord,
  failureDetail,
  parseJson,
  providerClient,
  type Transport,
} from '../../../lib/provider-http/call-provider.ts';

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

const client = providerClient(SMS_TIMEOUT_MS, (provider, detail) => new SmsSendError(provider, detail));

/** Builds the error with the secrets removed from its detail. */
export const sendError = client.error;

export interface ProviderReply {
  status: number;
  ok: boolean;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

/** One request to a provider; every SMS API used here is a POST. */
export interface SmsRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Values to keep out of any error text. */
  secrets: readonly string[];
}

/** POSTs one request with the timeout and turns transport failures into SmsSendError. */
export async function post(
  provider: string,
  transport: Transport,
  request: SmsRequest,
): Promise<ProviderReply> {
  const { url, headers, body, secrets } = request;
  const reply = await client.call(provider, transport, url, { method: 'POST', headers, body }, secrets);
  return { status: reply.status, ok: reply.ok, json: parseJson(reply.body) };
}

/** Treats any JSON value as an object for field access; non-objects read as empty. */
export const record = asRecord;

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
export const describe = failureDetail;

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
