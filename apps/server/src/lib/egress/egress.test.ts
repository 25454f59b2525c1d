import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { Egress, type Resolve } from './egress.ts';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

/** A real server on one loopback address, recording what reaches it. */
async function peer(
  address: string,
  answer: (url: string) => { status: number; headers?: Record<string, string>; body?: string | Buffer },
  port = 0,
) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const reply = answer(req.url ?? '');
    res.writeHead(reply.status, reply.headers ?? {});
    res.end(reply.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(port, address, resolve));
  return { seen, server, port: (server.address() as AddressInfo).port };
}

type Peer = Awaited<ReturnType<typeof peer>>;

/** A resolver that answers from a script, one answer per call, and counts its calls. */
function scripted(answers: Record<string, string[][]>): Resolve & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    const queue = answers[host] ?? [];
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (!next) {
      throw Object.assign(new Error(`no such name ${host}`), { code: 'ENOTFOUND' });
    }
    return next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

let inside: Peer;
let other: Peer;

beforeAll(async () => {
  inside = await peer('127.0.0.1', (url) =>
    url === '/redirect'
      ? { status: 302, headers: { location: `http://127.0.0.3:${other.port}/stolen` } }
      : url === '/big'
        ? { status: 200, body: Buffer.alloc(64 * 1024, 1) }
        : { status: 200, body: 'inside' },
  );
  other = await peer('127.0.0.3', () => ({ status: 200, body: 'other' }));
});
afterAll(async () => {
  for (const p of [inside, other]) {
    p.server.closeAllConnections();
    await new Promise<void>((resolve) => p.server.close(() => resolve()));
  }
});

describe('the egress guard', () => {
  it('refuses the server’s own machine in every spelling, and cloud metadata, before connecting', async () => {
    const resolve = scripted({
      'metadata.google.internal': [['169.254.169.254']],
      'rebound.example': [['93.184.216.34', '10.0.0.7']],
    });
    const names = new Egress([], resolve);
    const system = new Egress([]);
    const p = inside.port;
    for (const url of [
      `http://127.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://2130706433:${p}/`,
      `http://017700000001:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::1]:${p}/`,
      `http://localhost:${p}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://rebound.example/',
      'http://0.0.0.0/',
    ]) {
      const egress = url.includes('.example') || url.includes('.internal') ? names : system;
      const error = await refusal(egress.request(url));
      expect([error.status, error.key], url).toEqual([400, 'egress.blocked']);
    }
    expect(inside.seen).toEqual([]);
  });

  it('says a name that does not resolve is unresolved, and refuses other schemes and credentials in the URL', async () => {
    const egress = new Egress([], scripted({}));
    expect((await refusal(egress.request('http://nowhere.example/'))).key).toBe('egress.unresolved');
    expect((await refusal(egress.request('file:///etc/passwd'))).key).toBe('egress.blocked');
    expect((await refusal(egress.request(`http://u:p@127.0.0.1:${inside.port}/`))).key).toBe(
      'egress.blocked',
    );
  });

  it('lets through exactly what the allow-list names, and a widened guard what its extra entries name', async () => {
    const exact = new Egress([`127.0.0.1:${inside.port}`]);
    expect((await exact.request(`http://127.0.0.1:${inside.port}/a`)).body.toString()).toBe('inside');
    expect((await refusal(exact.request(`http://127.0.0.1:${other.port}/`))).key).toBe('egress.blocked');
    const range = new Egress(['127.0.0.0/31']);
    expect((await range.request(`http://127.0.0.1:${inside.port}/b`)).status).toBe(200);
    expect((await refusal(range.request(`http://127.0.0.3:${other.port}/`))).key).toBe('egress.blocked');
    const widened = new Egress([]).widen(['127.0.0.3']);
    expect((await widened.request(`http://127.0.0.3:${other.port}/c`)).body.toString()).toBe('other');
    const trusting = new Egress([]).trusting([`http://127.0.0.1:${inside.port}/api`]);
    expect((await trusting.request(`http://127.0.0.1:${inside.port}/d`)).status).toBe(200);
  });

  it('connects to the address it checked: a name that answers differently the next time cannot move the call', async () => {
    // 127.0.0.1 plays the public address (listed here so the test can reach it); 127.0.0.3 the internal one.
    const resolve = scripted({ 'rebind.test': [['127.0.0.1'], ['127.0.0.3']] });
    const egress = new Egress(['127.0.0.1'], resolve);
    const before = inside.seen.length;
    const first = await egress.request(`http://rebind.test:${inside.port}/pinned?q=1`);
    expect(first.body.toString()).toBe('inside');
    // One resolution per call: the system resolver (which knows no rebind.test) was never asked.
    expect(resolve.calls).toEqual(['rebind.test']);
    const arrived = inside.seen.slice(before);
    expect(arrived.map((s) => [s.url, s.headers.host])).toEqual([
      ['/pinned?q=1', `rebind.test:${inside.port}`],
    ]);
    // The second answer is internal: refused, and nothing reaches it.
    const reached = other.seen.length;
    expect((await refusal(egress.request(`http://rebind.test:${other.port}/`))).key).toBe('egress.blocked');
    expect(other.seen.length).toBe(reached);
  });

  it('sends the name asked for as the TLS server name while connecting to the checked address', async () => {
    const names: string[] = [];
    const tls = createTlsServer({
      SNICallback: (name, done) => {
        names.push(name);
        done(new Error('no certificate in this test'));
      },
    });
    tls.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const { port } = tls.address() as AddressInfo;
    try {
      const egress = new Egress(['127.0.0.1'], scripted({ 'files.example': [['127.0.0.1']] }));
      await expect(egress.request(`https://files.example:${port}/`)).rejects.toThrow();
      expect(names).toEqual(['files.example']);
    } finally {
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    }
  });

  it('does not follow a redirect: the caller gets the 302 and the place it points to gets nothing', async () => {
    const egress = new Egress(['127.0.0.1', '127.0.0.3']);
    const reached = other.seen.length;
    const reply = await egress.request(`http://127.0.0.1:${inside.port}/redirect`);
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe(`http://127.0.0.3:${other.port}/stolen`);
    expect(other.seen.length).toBe(reached);
  });

  it('stops reading an answer past its limit, and ends a call when the signal says so', async () => {
    const egress = new Egress(['127.0.0.1']);
    await expect(
      egress.request(`http://127.0.0.1:${inside.port}/big`, { maxBytes: 1024 }),
    ).rejects.toMatchObject({ code: 'ETOOLARGE' });
    const hang = await peer('127.0.0.1', () => ({ status: 200 }));
    hang.server.removeAllListeners('request');
    try {
      await expect(
        egress.request(`http://127.0.0.1:${hang.port}/`, { signal: AbortSignal.timeout(200) }),
      ).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      hang.server.closeAllConnections();
      await new Promise<void>((resolve) => hang.server.close(() => resolve()));
    }
  });
});
