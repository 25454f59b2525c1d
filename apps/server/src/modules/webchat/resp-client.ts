import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** A RESP2 value: simple or bulk string, integer, nil, array, or the server's error. */
export type Resp = string | number | null | Resp[] | RespError;
export class RespError extends Error {}

const CRLF = '\r\n';

/** One command in RESP: an array of bulk strings. */
export function encodeCommand(args: readonly string[]): Buffer {
  const parts = [`*${args.length}${CRLF}`];
  for (const arg of args) {
    parts.push(`$${Buffer.byteLength(arg)}${CRLF}${arg}${CRLF}`);
  }
  return Buffer.from(parts.join(''));
}

/** Reads RESP2 values from a byte stream that may split them anywhere. */
export class RespParser {
  private buffer: Buffer = Buffer.alloc(0);

  /** The values completed by this chunk, in order. */
  push(chunk: Buffer): Resp[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const values: Resp[] = [];
    let offset = 0;
    for (;;) {
      const parsed = this.parse(offset);
      if (!parsed) {
        break;
      }
      values.push(parsed[0]);
      offset = parsed[1];
    }
    this.buffer = this.buffer.subarray(offset);
    return values;
  }

  private line(offset: number): [string, number] | undefined {
    const end = this.buffer.indexOf(CRLF, offset);
    return end < 0 ? undefined : [this.buffer.toString('utf8', offset, end), end + 2];
  }

  private parse(offset: number): [Resp, number] | undefined {
    if (offset >= this.buffer.length) {
      return undefined;
    }
    const type = String.fromCharCode(this.buffer[offset] as number);
    const head = this.line(offset + 1);
    if (!head) {
      return undefined;
    }
    const [text, next] = head;
    switch (type) {
      case '+':
        return [text, next];
      case '-':
        return [new RespError(text), next];
      case ':':
        return [Number(text), next];
      case '$': {
        const length = Number(text);
        if (length < 0) {
          return [null, next];
        }
        if (this.buffer.length < next + length + 2) {
          return undefined;
        }
        return [this.buffer.toString('utf8', next, next + length), next + length + 2];
      }
      case '*': {
        const count = Number(text);
        if (count < 0) {
          return [null, next];
        }
        const items: Resp[] = [];
        let at = next;
        for (let i = 0; i < count; i++) {
          const item = this.parse(at);
          if (!item) {
            return undefined;
          }
          items.push(item[0]);
          at = item[1];
        }
        return [items, at];
      }
      default:
        throw new RespError(`unexpected RESP type ${JSON.stringify(type)}`);
    }
  }
}

export interface RedisHandlers {
  /** Subscribe to this channel once connected: the connection then only receives its messages. */
  subscribe?: string;
  onMessage?: (payload: string) => void;
  /** Connected (again): `again` is true after a loss. */
  onReady?: (again: boolean) => void;
  onError?: (error: unknown) => void;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * A small Redis client for what the web chat needs (AUTH, SELECT, PUBLISH, SUBSCRIBE), reconnecting on its own.
 * Commands sent while disconnected fail at once rather than wait: the caller decides what a lost event means.
 */
export class RedisConnection {
  private socket: Socket | undefined;
  private parser = new RespParser();
  private pending: { resolve: (v: Resp) => void; reject: (e: Error) => void }[] = [];
  private ready = false;
  private closed = false;
  private everReady = false;
  private retryMs = RETRY_MIN_MS;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: URL,
    private readonly handlers: RedisHandlers = {},
  ) {}

  get isReady(): boolean {
    return this.ready;
  }

  /** Resolves once connected the first time, or rejects when that first attempt fails (retries go on). */
  start(): Promise<void> {
    return new Promise((resolve, reject) => this.open(resolve, reject));
  }

  private open(resolve?: () => void, reject?: (e: Error) => void): void {
    const port = Number(this.url.port || 6379);
    const host = this.url.hostname.replace(/^\[|\]$/g, '');
    const socket =
      this.url.protocol === 'rediss:'
        ? tlsConnect({ host, port, servername: host })
        : netConnect({ host, port });
    this.socket = socket;
    this.parser = new RespParser();
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.once(this.url.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => {
      this.handshake().then(
        () => {
          this.ready = true;
          this.retryMs = RETRY_MIN_MS;
          const again = this.everReady;
          this.everReady = true;
          resolve?.();
          this.handlers.onReady?.(again);
        },
        (error: Error) => {
          reject?.(error);
          this.handlers.onError?.(error);
          socket.destroy();
        },
      );
    });
    socket.on('error', (error) => {
      if (!this.ready) {
        reject?.(error);
      }
      this.handlers.onError?.(error);
    });
    socket.on('close', () => this.onClose(socket));
  }

  private async handshake(): Promise<void> {
    const password = decodeURIComponent(this.url.password);
    const user = decodeURIComponent(this.url.username);
    if (password) {
      await this.send(user ? ['AUTH', user, password] : ['AUTH', password]);
    }
    const db = this.url.pathname.replace(/^\//, '');
    if (/^\d+$/.test(db) && db !== '0') {
      await this.send(['SELECT', db]);
    }
    if (this.handlers.subscribe) {
      await this.send(['SUBSCRIBE', this.handlers.subscribe]);
    }
  }

  private onData(chunk: Buffer): void {
    let values: Resp[];
    try {
      values = this.parser.push(chunk);
    } catch (error) {
      this.handlers.onError?.(error);
      this.socket?.destroy();
      return;
    }
    for (const value of values) {
      // A subscribed connection also receives messages nobody asked for: ["message", channel, payload].
      if (Array.isArray(value) && value[0] === 'message' && this.handlers.subscribe) {
        if (typeof value[2] === 'string') {
          this.handlers.onMessage?.(value[2]);
        }
        continue;
      }
      const waiter = this.pending.shift();
      if (value instanceof RespError) {
        waiter?.reject(value);
      } else {
        waiter?.resolve(value);
      }
    }
  }

  private onClose(socket: Socket): void {
    if (this.socket !== socket) {
      return;
    }
    this.ready = false;
    this.socket = undefined;
    for (const waiter of this.pending.splice(0)) {
      waiter.reject(new Error('redis connection closed'));
    }
    if (!this.closed) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    }
  }

  private send(args: readonly string[]): Promise<Resp> {
    const socket = this.socket;
    if (!socket) {
      return Promise.reject(new Error('redis not connected'));
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      socket.write(encodeCommand(args));
    });
  }

  /** One command on a ready connection. */
  command(args: readonly string[]): Promise<Resp> {
    return this.ready ? this.send(args) : Promise.reject(new Error('redis not connected'));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    this.ready = false;
    for (const waiter of this.pending.splice(0)) {
      waiter.reject(new Error('redis connection closed'));
    }
    socket?.destroy();
  }

  /** Drops the connection as a network failure would (tests use it to prove the reconnect). */
  drop(): void {
    this.socket?.destroy();
  }
}
