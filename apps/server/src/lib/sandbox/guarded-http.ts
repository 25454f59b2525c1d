import { isIP } from 'node:net';
import type { Egress } from '../egress/egress.ts';
import { AppError } from '../errors.ts';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const MAX_BODY = 1024 * 1024;
const TIMEOUT_MS = 5_000;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

/**
 * Outbound http(s) for scripts: only to hosts on SCRIPT_HTTP_ALLOW (`host`, `host:port`, `*.domain`), and then through
 * the egress guard, which refuses the server's own network unless EGRESS_ALLOW names the address or this list names
 * it as an IP itself (`localhost` by name does not count). The guard connects to the address it checked, so a name
 * that resolves elsewhere on a second lookup cannot slip past. No redirects are followed; bodies are capped at 1 MB
 * each way and a call ends after 5 s.
 */
export class GuardedHttp {
  constructor(
    private readonly allow: string[],
    private readonly egress: Egress,
  ) {}

  async fetch(target: string, options: HttpOptions = {}): Promise<HttpAnswer> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new Error(`not a URL: ${String(target).slice(0, 200)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`only http and https: ${url.protocol}`);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const entry = this.allow.find((a) => matches(a, host, port));
    if (!entry) {
      throw new Error(`host not allowed: ${host}`);
    }
    const method = (options.method ?? 'GET').toUpperCase();
    if (!METHODS.has(method)) {
      throw new Error(`method not allowed: ${method}`);
    }
    const body = options.body === undefined ? undefined : String(options.body);
    if (body && Buffer.byteLength(body) > MAX_BODY) {
      throw new Error('request body over 1 MB');
    }
    // An entry that is the URL's own IP address lets that address through, even inside; a name never does.
    const egress = isAddressEntry(entry) ? this.egress.widen([entry]) : this.egress;
    try {
      const answer = await egress.request(url.toString(), {
        method,
        headers: cleanHeaders(options.headers),
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        maxBytes: MAX_BODY,
      });
      return { status: answer.status, headers: answer.headers, body: answer.body.toString('utf8') };
    } catch (error) {
      throw scriptError(error, host);
    }
  }
}

/** An entry naming an address (`10.0.0.5`, `10.0.0.5:8080`, `[fd00::5]:80`) rather than a name. */
function isAddressEntry(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  return isIP(bracketed ? (bracketed[1] ?? '') : entry.replace(/:\d+$/, '')) !== 0 || isIP(entry) !== 0;
}

/** What the script is told: the guard's refusal, the time limit, or the network's own reason. */
function scriptError(error: unknown, host: string): Error {
  if (error instanceof AppError) {
    return new Error(
      error.key === 'egress.blocked' ? `address not allowed: ${host}` : `cannot resolve: ${host}`,
    );
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new Error('timed out after 5 s');
  }
  if ((error as { code?: unknown }).code === 'ETOOLARGE') {
    return new Error('response body over 1 MB');
  }
  return new Error(error instanceof Error ? error.message : String(error));
}

function matches(entry: string, host: string, port: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const [name, entryPort] = bracketed
    ? [bracketed[1] ?? '', bracketed[2]]
    : (entry.split(/:(?=\d+$)/) as [string, string | undefined]);
  if (entryPort && entryPort !== port) {
    return false;
  }
  if (name.startsWith('*.')) {
    return host.endsWith(name.slice(1)) && host.length > name.length - 1;
  }
  return name === host;
}

function cleanHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers as Record<string, unknown>).slice(0, 50)) {
      // The connection's own headers are the server's to set.
      if (!/^(host|connection|content-length|transfer-encoding)$/i.test(name)) {
        out[name] = String(value).slice(0, 4096);
      }
    }
  }
  return out;
}
