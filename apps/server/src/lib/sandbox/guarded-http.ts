import { lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isInternalAddress } from '../net-guard.ts';

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
 * Outbound http(s) for scripts: only to hosts on the allow-list (`host`, `host:port`, `*.domain`), never to the
 * server's own network unless the list names that address itself. The address is checked where the connection is
 * made (the lookup), so a name that resolves elsewhere on a second lookup cannot slip past. No redirects are
 * followed; bodies are capped at 1 MB each way and a call ends after 5 s.
 */
export class GuardedHttp {
  constructor(private readonly allow: string[]) {}

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
    // An address the list names itself (an IP entry) is allowed even inside the server's network.
    const listed = isIP(host) !== 0 && entry.split(':')[0] === host;
    const guardedLookup: LookupFunction = (hostname, opts, callback) => {
      lookup(hostname, { ...opts, all: false }, (error, address, family) => {
        if (!error && !listed && isInternalAddress(String(address))) {
          callback(new Error(`address not allowed: ${String(address)}`), '', 0);
          return;
        }
        callback(error, address, family);
      });
    };
    if (isIP(host) !== 0 && !listed && isInternalAddress(host)) {
      throw new Error(`address not allowed: ${host}`);
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<HttpAnswer>((resolve, reject) => {
      const req = send(
        url,
        { method, headers: cleanHeaders(options.headers), lookup: guardedLookup, timeout: TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BODY) {
              req.destroy(new Error('response body over 1 MB'));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) {
              headers[name] = Array.isArray(value) ? value.join(', ') : String(value ?? '');
            }
            resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out after 5 s')));
      req.on('error', (error) => reject(new Error(error.message)));
      req.end(body);
    });
  }
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
