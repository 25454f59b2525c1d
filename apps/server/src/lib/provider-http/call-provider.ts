/**
 * One bounded HTTP call to an outside provider (SMS gateways, object storage), shared by their adapters. Each
 * module supplies its own error factory, so it keeps its public error class (SmsSendError, StorageError) while
 * the timeout, the transport-failure wording and the secret redaction live here once.
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

/** One module's way to reach its providers, throwing its own public error class. */
export interface ProviderClient<E extends Error> {
  /**
   * Sends one request with the client's timeout; a transport failure (no answer in time, connection refused...)
   * is thrown as the module's error, its detail without the secrets. Any HTTP answer is returned as it came.
   */
  call(
    provider: string,
    fetchImpl: typeof fetch,
    url: string,
    init: RequestInit,
    secrets: readonly string[],
  ): Promise<ProviderReply>;
  /** The module's error with the secrets removed from its detail. */
  error(provider: string, detail: string, secrets: readonly string[]): E;
}

/**
 * A client for one module: every call gives up after `timeoutMs` (so a stuck provider cannot hold a request
 * handler open), and `makeError` builds the module's error class (SmsSendError, StorageError) from a detail.
 */
export function providerClient<E extends Error>(
  timeoutMs: number,
  makeError: (provider: string, detail: string) => E,
): ProviderClient<E> {
  const error = (provider: string, detail: string, secrets: readonly string[]): E =>
    makeError(provider, redact(detail, secrets));
  return {
    error,
    async call(provider, fetchImpl, url, init, secrets) {
      try {
        const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        return { status: res.status, ok: res.ok, body: await res.text() };
      } catch (err) {
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
  // undici reports "fetch failed" and puts the useful part (ECONNREFUSED, ENOTFOUND...) in `cause`.
  const cause = err instanceof Error ? err.cause : undefined;
  const code = asRecord(cause).code;
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
