import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type ServerFrame, WEBCHAT_SOCKET_PATH } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';

/** What the tests use of the `ws` package's client (it ships no types). */
interface WsClient {
  send(data: string): void;
  close(): void;
  terminate(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

/** A browser's socket, as the tests drive it: frames kept in order, waits for the one wanted. */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(private readonly ws: WsClient) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString('utf8')) as ServerFrame);
      for (const wake of this.waiters.splice(0)) {
        wake();
      }
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static open(url: string): Promise<TestSocket> {
    const ws = new WebSocket(url);
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.on('open', () => resolve(socket));
      ws.on('error', reject);
    });
  }

  /** Opens and signs in; resolves once the server answered `ready` (a catch-up asked with `lastId` follows). */
  static async signedIn(url: string, token: string, lastId?: string): Promise<TestSocket> {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'auth', token, ...(lastId ? { lastId } : {}) });
    await socket.next('ready');
    return socket;
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  raw(text: string): void {
    this.ws.send(text);
  }

  /** The first frame not taken yet of that type (and matching `test`), waiting up to `timeoutMs` for it. */
  async next<T extends ServerFrame['type']>(
    type: T,
    test: (frame: Extract<ServerFrame, { type: T }>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<Extract<ServerFrame, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex(
        (f) => f.type === type && test(f as Extract<ServerFrame, { type: T }>),
      );
      if (index >= 0) {
        return this.frames.splice(index, 1)[0] as Extract<ServerFrame, { type: T }>;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no ${type} frame; got ${JSON.stringify(this.frames).slice(0, 400)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Whether a frame of that type arrives within `ms` (for "nothing came"). */
  async receives(type: ServerFrame['type'], ms: number): Promise<boolean> {
    try {
      await this.next(type, () => true, ms);
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.ws.close();
  }
}

/** Sends and waits for the sender's own copy (the server echoes it with the client id). */
export async function say(s: TestSocket, conversationId: string, text: string, extra: object = {}) {
  const clientId = `c-${Math.random().toString(36).slice(2)}`;
  s.send({ type: 'send', conversationId, text, clientId, ...extra });
  return (await s.next('message', (f) => f.clientId === clientId)).message;
}

/** Starts the app on a loopback port; answers its socket's address. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${WEBCHAT_SOCKET_PATH}`;
}

/**
 * Waits until `s` has the message with this id: pushed live, or — when the server said events may have been lost
 * (`resync`) — fetched with `sync` from the last id it knew, as the web client does.
 */
export async function eventually(s: TestSocket, lastKnown: string, id: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const live = s.frames.find((f) => f.type === 'message' && f.message.id === id);
    if (live?.type === 'message') {
      return live.message.text;
    }
    if (s.frames.some((f) => f.type === 'resync')) {
      s.frames.splice(0, s.frames.length, ...s.frames.filter((f) => f.type !== 'resync'));
      s.send({ type: 'sync', lastId: lastKnown });
      const found = (await s.next('history')).messages.find((m) => m.id === id);
      if (found) {
        return found.text;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`message ${id} never arrived`);
}
