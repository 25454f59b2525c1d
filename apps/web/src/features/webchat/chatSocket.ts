import type { ClientFrame, ServerFrame } from '@yuan/contract/chat/webchat';
import {
  WEBCHAT_CLOSE_FORBIDDEN,
  WEBCHAT_CLOSE_UNAUTHORIZED,
  WEBCHAT_SOCKET_PATH,
} from '@yuan/contract/chat/webchat';
import type { SocketStatus } from './chatState.ts';

export interface ChatSocketOptions {
  /** The current access token (read at every connect: it is refreshed while the page is open). */
  token: () => string;
  /** The newest message id seen, so a reconnect asks for what it missed. */
  lastId: () => string;
  lang: () => 'zh' | 'en';
  onFrame: (frame: ServerFrame) => void;
  onStatus: (status: SocketStatus) => void;
  /** Tests pass a fake. */
  WebSocketImpl?: typeof WebSocket;
  url?: string;
}

const RETRY_MS = [1_000, 2_000, 4_000, 8_000, 15_000];
/** A ping this often; no answer within PONG_WAIT_MS means the connection is dead (e.g. after a sleep). */
const PING_MS = 25_000;
const PONG_WAIT_MS = 10_000;

export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WEBCHAT_SOCKET_PATH}`;
}

/**
 * The chat's socket: signs in with the token in its first frame, reconnects with a growing delay, and after each
 * reconnect asks for everything after the last message id it saw. A `resync` from the server asks the same.
 */
export class ChatSocket {
  private ws: WebSocket | undefined;
  private attempt = 0;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private online = false;

  constructor(private readonly options: ChatSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.ws?.close();
    this.ws = undefined;
  }

  /** Reconnects at once if the socket is down (the browser came back online, the window was shown). */
  wake(): void {
    if (!this.stopped && !this.ws) {
      clearTimeout(this.retryTimer);
      this.connect();
    }
  }

  /** False when the socket is not signed in (the frame is not sent). */
  send(frame: ClientFrame): boolean {
    if (!this.online || !this.ws) {
      return false;
    }
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  private connect(): void {
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    this.options.onStatus('connecting');
    const ws = new Impl(this.options.url ?? socketUrl());
    this.ws = ws;
    ws.onopen = () => {
      const lastId = this.options.lastId();
      ws.send(
        JSON.stringify({
          type: 'auth',
          token: this.options.token(),
          lang: this.options.lang(),
          ...(lastId !== '0' ? { lastId } : {}),
        } satisfies ClientFrame),
      );
    };
    ws.onmessage = (event: MessageEvent) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      clearTimeout(this.pongTimer);
      if (frame.type === 'ready') {
        this.online = true;
        this.attempt = 0;
        this.options.onStatus('online');
        this.startPings(ws);
      } else if (frame.type === 'resync') {
        this.send({ type: 'sync', lastId: this.options.lastId() });
      }
      this.options.onFrame(frame);
    };
    ws.onclose = (event: CloseEvent) => this.lost(ws, event.code);
  }

  private lost(ws: WebSocket, code: number): void {
    if (this.ws !== ws) {
      return;
    }
    this.ws = undefined;
    this.online = false;
    this.clearTimers();
    if (this.stopped) {
      return;
    }
    this.options.onStatus(
      code === WEBCHAT_CLOSE_UNAUTHORIZED
        ? 'unauthorized'
        : code === WEBCHAT_CLOSE_FORBIDDEN
          ? 'forbidden'
          : 'offline',
    );
    const delay = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)] as number;
    this.attempt++;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private startPings(ws: WebSocket): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping' });
      clearTimeout(this.pongTimer);
      // A dead connection may take long to report its close: it is given up at once.
      this.pongTimer = setTimeout(() => {
        ws.close();
        this.lost(ws, 1006);
      }, PONG_WAIT_MS);
    }, PING_MS);
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }
}
