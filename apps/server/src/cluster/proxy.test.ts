import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningProxy, startProxy } from './proxy.ts';

/** What the test uses of the `ws` package (it ships no types). */
interface WsSocket {
  send(data: string): void;
  close(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'unexpected-response', listener: (req: unknown, res: { statusCode?: number }) => void): void;
}
interface WsServer {
  on(event: 'connection', listener: (socket: WsSocket) => void): void;
  close(): void;
}
const ws = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string) => WsSocket;
  WebSocketServer: new (options: { server: Server }) => WsServer;
};

interface Node {
  name: string;
  url: string;
  /** Calls it answered: method, path, body and the headers it was given. */
  calls: { method: string; path: string; body: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** A tiny real node: answers every call with its name and what it got, and echoes socket messages with its name. */
async function startNode(name: string): Promise<Node> {
  const calls: Node['calls'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      calls.push({ method: req.method ?? '', path: req.url ?? '', body, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ node: name, body }));
    });
  });
  const sockets = new ws.WebSocketServer({ server });
  sockets.on('connection', (socket) => {
    socket.send(`hello from ${name}`);
    socket.on('message', (data) => socket.send(`${name} got ${data.toString('utf8')}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address nothing listens on (a port the system gave out and took back). */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Opens a socket through the proxy; resolves with its first message and a way to ask for the next ones. */
function openSocket(
  url: string,
): Promise<{ first: string; next(text: string): Promise<string>; close(): void }> {
  const socket = new ws.WebSocket(url.replace('http://', 'ws://'));
  const waiting: ((text: string) => void)[] = [];
  socket.on('message', (data) => waiting.shift()?.(data.toString('utf8')));
  return new Promise((resolve, reject) => {
    waiting.push((first) =>
      resolve({
        first,
        next: (text) =>
          new Promise<string>((answered) => {
            waiting.push(answered);
            socket.send(text);
          }),
        close: () => socket.close(),
      }),
    );
    socket.on('error', reject);
  });
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) {
    await item.close();
  }
});

async function setUp(targets: string[]): Promise<RunningProxy> {
  const proxy = await startProxy({ port: 0, targets });
  open.push(proxy);
  return proxy;
}

async function nodes(...names: string[]): Promise<Node[]> {
  const started = await Promise.all(names.map(startNode));
  open.push(...started);
  return started;
}

describe('round-robin proxy', () => {
  it('sends each new call to the next node in turn, keeping method, path, body and adding forwarding headers', async () => {
    const [a, b] = await nodes('a', 'b');
    const proxy = await setUp([a!.url, b!.url]);
    const answered: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${proxy.url}/api/health?i=${i}`);
      answered.push(((await res.json()) as { node: string }).node);
    }
    expect(answered).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(a!.calls.map((c) => c.path)).toEqual(['/api/health?i=0', '/api/health?i=2', '/api/health?i=4']);

    const posted = await fetch(`${proxy.url}/api/x/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ name: 'n' }),
    });
    expect(await posted.json()).toEqual({ node: 'a', body: '{"name":"n"}' });
    const call = a!.calls.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(call.headers['x-forwarded-proto']).toBe('http');
    expect(b!.calls).toHaveLength(3);
  });

  it('pipes a WebSocket upgrade to the next node, both ways, and the next socket to the other node', async () => {
    const [a, b] = await nodes('a', 'b');
    const proxy = await setUp([a!.url, b!.url]);
    const first = await openSocket(`${proxy.url}/api/webchat/ws`);
    expect(first.first).toBe('hello from a');
    expect(await first.next('ping')).toBe('a got ping');
    expect(await first.next('again')).toBe('a got again');
    const second = await openSocket(`${proxy.url}/api/webchat/ws`);
    expect(second.first).toBe('hello from b');
    expect(await second.next('pong')).toBe('b got pong');
    first.close();
    second.close();
    // The calls around the sockets kept their own turn.
    const res = await fetch(`${proxy.url}/api/health`);
    expect(((await res.json()) as { node: string }).node).toBe('a');
  });

  it('skips a node that refuses the connection, for calls with a body and for sockets alike', async () => {
    const [a] = await nodes('a');
    const dead = await deadUrl();
    const proxy = await setUp([dead, a!.url]);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxy.url}/api/x/submit`, { method: 'POST', body: `body ${i}` });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ node: 'a', body: `body ${i}` });
    }
    expect(a!.calls).toHaveLength(4);
    for (let i = 0; i < 2; i++) {
      const socket = await openSocket(`${proxy.url}/api/webchat/ws`);
      expect(socket.first).toBe('hello from a');
      socket.close();
    }
  });

  it('answers 502 in the envelope when every node refuses', async () => {
    const proxy = await setUp([await deadUrl(), await deadUrl()]);
    const res = await fetch(`${proxy.url}/api/health`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ code: 502, success: false, msg: 'no node answered' });
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const socket = new ws.WebSocket(`${proxy.url.replace('http://', 'ws://')}/api/webchat/ws`);
      socket.on('unexpected-response', (_req, reply) => resolve(reply.statusCode));
      socket.on('open', () => reject(new Error('a socket opened with no node up')));
      socket.on('error', () => resolve(undefined));
    });
    expect(status).toBe(502);
  });

  it('refuses a target that is not an http:// address', async () => {
    await expect(startProxy({ port: 0, targets: ['https://127.0.0.1:1'] })).rejects.toThrow(/http:\/\//);
    await expect(startProxy({ port: 0, targets: [] })).rejects.toThrow(/at least one/);
  });
});
