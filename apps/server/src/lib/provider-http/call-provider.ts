import type { Egress } from '../egress/egress.ts';
import { AppError } from '../errors.ts';

/**
 * One bounded HTTP call to an outside provider (SMS gateways, object storage, sign-in providers), shared by their
 * adapters. Each module supplies its own error factory, so it keeps its public error class (SmsSendError,
 * StorageError) while the timeout, the transport-failure wording and the secret redaction live here once.
 */

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

export interface ProviderReply {
  status: number;
  ok: boolean;
  /** The whole body as text ('' when there is none). */
  body: string;
}

export interface ProviderRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** How a request leaves the server; `signal` ends it when the client's time is up. */
export type Transport = (
  url: string,
  init: ProviderRequest & { signal: AbortSignal },
) => Promise<ProviderReply>;

/** Through the egress guard: for addresses a tenant chose, or operator-set ones it has been told to trust. */
export function viaEgress(egress: Egress): Transport {
  return async (url, init) => {
    const reply = await egress.request(url, init);
    return {
      status: reply.status,
      ok: reply.status >= 200 && reply.status < 300,
      body: reply.body.toString('utf8'),
    };
  };
}

/** Through fetch: only for addresses the operator set (SOCIAL_PROVIDERS), never for one a tenant chose. */
export function viaFetch(fetchImpl: typeof fetch): Transport {
  return async (url, init) => {
    const res = await fetchImpl(url, init);
    return { status: res.status, ok: res.ok, body: await res.text() };
  };
}

/** One module's way to reach its providers, throwing its own public error class. */
export interface ProviderClient<E extends Error> {
  /**
   * Sends one request with the client's timeout; a transport failure (no answer in time, connection refused...)
   * is thrown as the module's error, its detail without the secrets. Any HTTP answer is returned as it came.
   */
  call(
    provider: string,
    transport: Transport,
    url: string,
    init: ProviderRequest,
    secrets: readonly string[],
  ): Promise<ProviderReply>;
  /**
   * The module's error with the secrets removed from its detail; `status` says the detail comes from the
   * provider's answer with that HTTP status (the module decides whether such text may be shown).
   */
  error(provider: string, detail: string, secrets: readonly string[], status?: number): E;
}

/**
 * A client for one module: every call gives up after `timeoutMs` (so a stuck provider cannot hold a request
 * handler open), and `makeError` builds the module's error class (SmsSendError, StorageError) from a detail.
 */
export function providerClient<E extends Error>(
  timeoutMs: number,
  makeError: (provider: string, detail: string, status?: number) => E,
): ProviderClient<E> {
  const error = (provider: string, detail: string, secrets: readonly string[], status?: number): E =>
    makeError(provider, redact(detail, secrets), status);
  return {
    error,
    async call(provider, transport, url, init, secrets) {
      try {
        return await transport(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        // The egress guard's refusal already speaks to the caller in its own generic words.
        if (err instanceof AppError) {
          throw err;
        }
        throw error(provider, transportDetail(err, timeoutMs), secrets);
      }
    },
  };
}

/** Why the request got no answer: the timeout, or the network code (ECONNREFUSED, ENOTFOUND...). */
function transportDetail(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  // Node's own requests carry the code (ECONNREFUSED...); undici reports "fetch failed" with it in `cause`.
  const code = asRecord(err).code ?? asRecord(err instanceof Error ? err.cause : undefined).code;
  if (typeof code === 'string') {
    return `request failed: ${code}`;
  }
  return `request failed: ${err instanceof Error ? err.message : String(err)}`;
}

/** Treats any value as an object for field access; non-objects read as empty. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The body parsed as JSON, or undefined when it is empty or not JSON (proxies answer with HTML). */
export function parseJson(body: string): unknown {
  if (!body) {
    return undefined;
  }
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** "CODE: message" from whatever parts the provider gave, falling back to "HTTP <status>". */
export function failureDetail(code: string | undefined, message: string | undefined, status: number): string {
  const head = code ?? `HTTP ${status}`;
  return message ? `${head}: ${message}` : head;
}
