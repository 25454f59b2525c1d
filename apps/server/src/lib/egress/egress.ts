import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../errors.ts';
import { hostKey, isAllowed, isInternalAddress, parseAllowList, plainAddress } from './addresses.ts';

/** What a name resolves to. */
export interface Resolved {
  address: string;
  family: number;
}

/** Turns a name into its addresses: the system's resolver, or a test's own to play a name that changes its answer. */
export type Resolve = (host: string) => Promise<Resolved[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** A destination that passed the guard: the name asked for and the addresses to connect to, IPv4 first. */
export interface Checked {
  host: string;
  /** The first of `addresses`: where a client that takes one address (a database driver) connects. */
  address: string;
  addresses: { address: string; family: 4 | 6 }[];
}

export interface EgressInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Ends the call, the name's resolution included. */
  signal?: AbortSignal;
  /** The largest answer body read; a larger one fails the call with code ETOOLARGE. */
  maxBytes?: number;
}

export interface EgressReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The one way out of the server to an address someone other than the operator chose (a tenant's storage endpoint, a
 * datasource, a script's http.fetch): the name is resolved once, every address it has must be public unless the
 * allow-list names it (host, host:port, IP, CIDR), and the connection goes to the address that was checked, so a
 * second DNS answer cannot swap in an internal one. Redirects are never followed. Refusals are AppErrors with
 * generic messages; what an upstream answered is returned to the caller, which decides what of it to show.
 */
export class Egress {
  private readonly entries: ReturnType<typeof parseAllowList>;

  constructor(
    private readonly allow: readonly string[],
    private readonly resolve: Resolve = systemResolve,
  ) {
    this.entries = parseAllowList(allow);
  }

  /** The same guard letting through what `extra` also names: a purpose's own narrower list. */
  widen(extra: readonly string[]): Egress {
    return new Egress([...this.allow, ...extra], this.resolve);
  }

  /** The same guard trusting the host and port of each URL: addresses the operator set in the environment. */
  trusting(urls: readonly string[]): Egress {
    const entries: string[] = [];
    for (const text of urls) {
      try {
        const url = new URL(text);
        entries.push(`${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`);
      } catch {
        // Not a URL: nothing to trust, and the call to it fails on its own.
      }
    }
    return this.widen(entries);
  }

  /** Resolves `host` and answers the address to connect to; refuses when any of its addresses is internal. */
  async check(host: string, port: number): Promise<Checked> {
    const name = hostKey(host);
    let found: Resolved[] = [];
    if (isIP(name) !== 0) {
      found = [{ address: name, family: isIP(name) }];
    } else if (name !== '') {
      found = await this.resolve(name).catch(() => []);
    }
    const first = found[0];
    if (!first) {
      throw new AppError(400, 'egress.unresolved', { host: name });
    }
    for (const { address } of found) {
      if (isInternalAddress(address) && !isAllowed(this.entries, name, port, address)) {
        throw new AppError(400, 'egress.blocked', { host: name });
      }
    }
    const addresses = found
      .map(({ address }) => plainAddress(address))
      .map((address) => ({ address, family: isIP(address) === 4 ? (4 as const) : (6 as const) }))
      // Many services listen on IPv4 only; IPv6 answers stay as the fallback a connection may try next.
      .sort((a, b) => a.family - b.family);
    return { host: name, address: addresses[0]?.address ?? first.address, addresses };
  }

  /** Checks an http(s) address as a request to it would be (e.g. when it is saved, before any call). */
  async checkUrl(target: string): Promise<void> {
    const { url, port } = httpTarget(target);
    await this.check(url.hostname, port);
  }

  /** One http(s) request to the checked address, with the Host header and TLS name of the URL; no redirects. */
  async request(target: string, init: EgressInit = {}): Promise<EgressReply> {
    const { url, port } = httpTarget(target);
    const checked = await untilAborted(this.check(url.hostname, port), init.signal);
    return send(url, port, checked, init);
  }
}

/** An http(s) address without user info, and its port; anything else is refused as the guard refuses. */
function httpTarget(target: string): { url: URL; port: number } {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new AppError(400, 'egress.blocked', { host: String(target).slice(0, 100) });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new AppError(400, 'egress.blocked', { host: url.host || url.protocol });
  }
  return { url, port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 };
}

/** `work`, or the signal's reason as soon as it aborts (a resolver may take longer than the caller's limit). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) {
    return work;
  }
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

function send(url: URL, port: number, checked: Checked, init: EgressInit): Promise<EgressReply> {
  const maxBytes = init.maxBytes ?? MAX_ANSWER_BYTES;
  // The connection asks this instead of DNS: only the addresses checked above, never a fresh answer.
  const lookup: LookupFunction = (_name, lookupOptions, callback) => {
    const [first] = checked.addresses;
    if (lookupOptions.all) {
      callback(null, checked.addresses);
    } else if (first) {
      callback(null, first.address, first.family);
    }
  };
  const options: RequestOptions & { servername?: string } = {
    host: checked.host,
    lookup,
    port,
    method: init.method ?? 'GET',
    path: `${url.pathname}${url.search}`,
    headers: { ...init.headers, host: url.host },
    // A fresh connection each time: a pooled one would skip the check made for this call.
    agent: false,
    signal: init.signal,
  };
  if (isIP(checked.host) === 0) {
    // SNI and the certificate check use the name asked for.
    options.servername = checked.host;
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<EgressReply>((resolve, reject) => {
    const req = request(options, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          req.destroy(Object.assign(new Error(`answer over ${maxBytes} bytes`), { code: 'ETOOLARGE' }));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          headers[name] = Array.isArray(value) ? value.join(', ') : String(value ?? '');
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('answer cut short')));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
