import type { ServerFrame } from '@yuan/contract/chat/webchat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketStatus } from './chatState.ts';
import { ChatSocket, socketUrl } from './chatSocket.ts';

/** A WebSocket the test drives: it records what the page sends and plays the server's side. */
class FakeSocket {
  static made: FakeSocket[] = [];
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close() {
    this.closed = true;
  }

  open() {
    this.onopen?.();
  }

  frame(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

let frames: ServerFrame[];
let statuses: SocketStatus[];
let lastId: string;
let token: string;

function make(): ChatSocket {
  return new ChatSocket({
    token: () => token,
    lastId: () => lastId,
    lang: () => 'en',
    onFrame: (f) => frames.push(f),
    onStatus: (s) => statuses.push(s),
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    url: 'ws://test/api/webchat/ws',
  });
}
const latest = () => FakeSocket.made.at(-1) as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  frames = [];
  statuses = [];
  lastId = '0';
  token = 't1';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chat socket', () => {
  it('builds its address from the page', () => {
    expect(socketUrl({ protocol: 'https:', host: 'a.example:8443' })).toBe(
      'wss://a.example:8443/api/webchat/ws',
    );
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/api/webchat/ws',
    );
  });

  it('signs in with the token first, and sends nothing else before the server is ready', () => {
    const socket = make();
    socket.start();
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', token: 't1', lang: 'en' }]);
    expect(socket.send({ type: 'ping' })).toBe(false);
    latest().frame({ type: 'ready', userId: '1' });
    expect(statuses).toEqual(['connecting', 'online']);
    expect(socket.send({ type: 'typing', conversationId: '5' })).toBe(true);
    expect(latest().sent.at(-1)).toEqual({ type: 'typing', conversationId: '5' });
    socket.stop();
  });

  it('reconnects with a growing delay and the current token, asking for what came after the last id', () => {
    const socket = make();
    socket.start();
    latest().open();
    latest().frame({ type: 'ready', userId: '1' });
    lastId = '42';
    token = 't2';
    latest().drop();
    expect(statuses.at(-1)).toBe('offline');
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    latest().open();
    expect(latest().sent[0]).toEqual({ type: 'auth', token: 't2', lang: 'en', lastId: '42' });
    socket.stop();
  });

  it('says when the session is refused, answers a resync with a sync, and stops for good', () => {
    const socket = make();
    socket.start();
    latest().open();
    latest().drop(4401);
    expect(statuses.at(-1)).toBe('unauthorized');
    vi.advanceTimersByTime(1_000);
    latest().open();
    latest().frame({ type: 'ready', userId: '1' });
    lastId = '7';
    latest().frame({ type: 'resync' });
    expect(latest().sent.at(-1)).toEqual({ type: 'sync', lastId: '7' });
    expect(frames.map((f) => f.type)).toEqual(['ready', 'resync']);
    socket.stop();
    expect(latest().closed).toBe(true);
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('gives up a connection that stops answering pings', () => {
    const socket = make();
    socket.start();
    latest().open();
    latest().frame({ type: 'ready', userId: '1' });
    vi.advanceTimersByTime(25_000);
    expect(latest().sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(10_000);
    expect(latest().closed).toBe(true);
    expect(statuses.at(-1)).toBe('offline');
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    socket.stop();
  });
});
