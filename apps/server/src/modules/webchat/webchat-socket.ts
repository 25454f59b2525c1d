import {
  type ClientFrame,
  clientFrame,
  isGuestUserId,
  type Language,
  message,
  renderMessage,
  type ServerFrame,
  WEBCHAT_AUTH_TIMEOUT_MS,
  WEBCHAT_CLOSE_FORBIDDEN,
  WEBCHAT_CLOSE_UNAUTHORIZED,
  WEBCHAT_SOCKET_PATH,
} from '@yuan/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { failureOf } from '../../plugins/envelope.ts';
import type { AuthContext } from '../../types.ts';
import type { SessionGuard } from '../auth/index.ts';
import type { ApiScopeService } from '../system/index.ts';
import type { WebchatService } from './webchat.service.ts';
import type { ChatHub, Peer } from './webchat-hub.ts';

/** What this file uses of a `ws` socket (the package ships no types). */
export interface SocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

export interface SocketDeps {
  hub: ChatHub;
  service: WebchatService;
  database: Database;
  sessions: SessionGuard;
  apiScopes: Pick<ApiScopeService, 'require'>;
  verify: (token: string) => AuthContext | null;
  log: FastifyBaseLogger;
}

const OPEN = 1;
/** Heartbeat: a socket that answered no ping since the last one is dead; a revoked session's socket closes. */
export const HEARTBEAT_MS = 30_000;
/** A client that does not read its socket is dropped rather than buffered without end. */
const MAX_BUFFERED = 4 * 1024 * 1024;
// Sends per socket: a burst of 10, then one every 300 ms.
const BURST = 10;
const REFILL_MS = 300;
const TYPING_MIN_MS = 1_000;

/**
 * One browser's socket. Browsers cannot send headers on a WebSocket, so the first frame carries the access token;
 * it must belong to a live, non-guest session, or the socket closes with 4401. Frames are handled one at a time,
 * in order. During a catch-up the live messages wait, so the client sees history before what came after it.
 */
export class ChatConnection implements Peer {
  tenantId = '';
  userId = '';
  private ctx: AuthContext | undefined;
  private name = '';
  private queue: Promise<void> = Promise.resolve();
  private held: ServerFrame[] | undefined;
  private alive = true;
  private tokens = BURST;
  private refilledAt = Date.now();
  private readonly typedAt = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly socket: SocketLike,
    private lang: Language,
    private readonly deps: SocketDeps,
  ) {}

  start(): void {
    this.timers.push(
      setTimeout(() => {
        if (!this.ctx) {
          this.socket.close(WEBCHAT_CLOSE_UNAUTHORIZED, 'unauthorized');
        }
      }, WEBCHAT_AUTH_TIMEOUT_MS),
    );
    this.socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      // The send limit counts frames as they arrive: a slow database must not make a burst look spread out.
      const arrived = Date.now();
      this.queue = this.queue
        .then(() => this.handle(text, arrived))
        .catch((error: unknown) => this.fail(error));
    });
    this.socket.on('pong', () => {
      this.alive = true;
    });
    this.socket.on('close', () => {
      for (const timer of this.timers) {
        clearTimeout(timer);
      }
      this.deps.hub.remove(this);
    });
  }

  push(frame: ServerFrame): void {
    if (this.held && frame.type === 'message') {
      this.held.push(frame);
      return;
    }
    this.write(frame);
  }

  private write(frame: ServerFrame): void {
    if (this.socket.readyState !== OPEN) {
      return;
    }
    if (this.socket.bufferedAmount > MAX_BUFFERED) {
      this.socket.terminate();
      return;
    }
    this.socket.send(JSON.stringify(frame));
  }

  private inScope<T>(fn: (ctx: AuthContext) => Promise<T>): Promise<T> {
    const ctx = this.ctx as AuthContext;
    return this.deps.database.run({ tenantId: ctx.tenantId }, () => fn(ctx));
  }

  private async handle(text: string, arrived: number): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const result = clientFrame.safeParse(parsed);
    if (!this.ctx) {
      if (!result.success || result.data.type !== 'auth') {
        this.socket.close(WEBCHAT_CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      await this.authenticate(result.data);
      return;
    }
    if (!result.success) {
      const issue = result.error.issues[0];
      const detail = issue?.message ?? '';
      const msg =
        renderMessage(this.lang, detail) ??
        message(this.lang, 'error.validation', { field: issue?.path.join('.') ?? '', detail });
      const clientId = (parsed as { clientId?: unknown } | undefined)?.clientId;
      this.write({ type: 'error', code: 400, msg, ...(typeof clientId === 'string' ? { clientId } : {}) });
      return;
    }
    await this.dispatch(result.data, arrived);
  }

  private async dispatch(frame: ClientFrame, arrived: number): Promise<void> {
    switch (frame.type) {
      case 'auth':
        // Already signed in: a second auth changes nothing.
        return;
      case 'ping':
        this.write({ type: 'pong' });
        return;
      case 'sync':
        await this.catchUp(frame.lastId);
        return;
      case 'typing': {
        // Clients send one every couple of seconds while typing; more often is dropped, not checked again.
        const now = Date.now();
        if (now - (this.typedAt.get(frame.conversationId) ?? 0) >= TYPING_MIN_MS) {
          this.typedAt.set(frame.conversationId, now);
          await this.inScope((ctx) => this.deps.service.typing(ctx, frame.conversationId, this.name));
        }
        return;
      }
      case 'send':
        if (!this.take(arrived)) {
          this.fail(new AppError(429, 'error.tooMany'), frame.clientId);
          return;
        }
        try {
          await this.inScope((ctx) => this.deps.service.send(ctx, frame));
        } catch (error) {
          this.fail(error, frame.clientId);
        }
        return;
    }
  }

  private take(arrived: number): boolean {
    this.tokens = Math.min(BURST, this.tokens + Math.max(0, arrived - this.refilledAt) / REFILL_MS);
    this.refilledAt = Math.max(this.refilledAt, arrived);
    if (this.tokens < 1) {
      return false;
    }
    this.tokens -= 1;
    return true;
  }

  private async authenticate(frame: Extract<ClientFrame, { type: 'auth' }>): Promise<void> {
    const ctx = this.deps.verify(frame.token);
    const live =
      ctx && !isGuestUserId(ctx.userId) && (await this.deps.sessions.isLive(ctx.sessionId, ctx.tenantId));
    if (!ctx || !live || this.socket.readyState !== OPEN) {
      this.socket.close(WEBCHAT_CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    try {
      // The API scopes of the caller's roles apply to the socket as to the chat's REST calls.
      await this.deps.apiScopes.require(ctx, WEBCHAT_SOCKET_PATH);
    } catch {
      this.socket.close(WEBCHAT_CLOSE_FORBIDDEN, 'forbidden');
      return;
    }
    this.ctx = ctx;
    this.tenantId = ctx.tenantId;
    this.userId = ctx.userId;
    this.lang = frame.lang ?? this.lang;
    this.name = await this.inScope((c) => this.deps.service.nameOf(c));
    // Added only while open, with no wait in between: a socket closed meanwhile would stay in the hub.
    if (this.socket.readyState !== OPEN) {
      return;
    }
    this.deps.hub.add(this);
    this.write({ type: 'ready', userId: ctx.userId });
    const beat = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    beat.unref();
    this.timers.push(beat);
    if (frame.lastId) {
      await this.catchUp(frame.lastId);
    }
  }

  /** Everything after `lastId`, then the live messages that came meanwhile and are newer. */
  private async catchUp(lastId: string): Promise<void> {
    this.held = [];
    let seen = BigInt(lastId);
    try {
      const { messages, more } = await this.inScope((ctx) => this.deps.service.since(ctx, lastId));
      this.write({ type: 'history', messages, more });
      seen = BigInt(messages.at(-1)?.id ?? lastId);
    } finally {
      const held = this.held;
      this.held = undefined;
      // Messages stored while the history was read may be in it already.
      for (const frame of held) {
        if (frame.type !== 'message' || BigInt(frame.message.id) > seen) {
          this.write(frame);
        }
      }
    }
  }

  private async heartbeat(): Promise<void> {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
    const ctx = this.ctx;
    if (ctx && !(await this.deps.sessions.isLive(ctx.sessionId, ctx.tenantId))) {
      this.socket.close(WEBCHAT_CLOSE_UNAUTHORIZED, 'unauthorized');
    }
  }

  private fail(error: unknown, clientId?: string): void {
    const failure = failureOf(error, this.lang);
    if (failure.unexpected) {
      this.deps.log.error({ err: error }, 'web chat: a frame failed');
    }
    const body = failure.body as { msg?: string };
    this.write({
      type: 'error',
      code: failure.status,
      msg: body.msg ?? '',
      ...(clientId ? { clientId } : {}),
    });
  }
}
