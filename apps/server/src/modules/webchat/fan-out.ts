import type { ServerFrame } from '@yuan/contract';

/** Something for some users' sockets, wherever those sockets are connected. */
export interface ChatEvent {
  tenantId: string;
  userIds: string[];
  frame: ServerFrame;
}

/** What a process does with the events that reach it. */
export interface FanOutSink {
  deliver(event: ChatEvent): void;
  /** Events may have been lost (the bus reconnected): every local socket is told to catch up. */
  resync(): void;
  /** A message too large for the bus travelled as its id: the receiver loads it. */
  load(tenantId: string, messageId: string, clientId: string | undefined): Promise<ChatEvent | undefined>;
}

/**
 * Carries chat events to the sockets of every server process. `publish` runs inside the tenant scope of the change
 * it announces, and the event goes out only once that scope has committed: nobody hears of a message that rolled
 * back, and a receiver that loads what it heard of finds it stored.
 */
export interface FanOut {
  readonly kind: 'postgres' | 'redis';
  publish(event: ChatEvent): Promise<void>;
  start(sink: FanOutSink): Promise<void>;
  close(): Promise<void>;
}

/** The bus's wire form: an event, a message by id (too large to travel whole), or "catch up, all of you". */
export type Wire =
  | { t: string; u: string[]; f: ServerFrame }
  | { t: string; ref: string; c?: string }
  | { resync: true };

export function encodeEvent(event: ChatEvent, maxBytes: number): string {
  const whole = JSON.stringify({ t: event.tenantId, u: event.userIds, f: event.frame } satisfies Wire);
  if (Buffer.byteLength(whole) <= maxBytes || event.frame.type !== 'message') {
    return whole;
  }
  const { message, clientId } = event.frame;
  return JSON.stringify({
    t: event.tenantId,
    ref: message.id,
    ...(clientId ? { c: clientId } : {}),
  } satisfies Wire);
}

/** Hands one received wire text to the sink; anything malformed is ignored (another program may share the channel). */
export async function receive(text: string, sink: FanOutSink): Promise<void> {
  let wire: Partial<Record<'t' | 'u' | 'f' | 'ref' | 'c' | 'resync', unknown>>;
  try {
    wire = JSON.parse(text) as typeof wire;
  } catch {
    return;
  }
  if (wire === null || typeof wire !== 'object') {
    return;
  }
  if (wire.resync === true) {
    sink.resync();
    return;
  }
  if (typeof wire.t !== 'string') {
    return;
  }
  if (typeof wire.ref === 'string') {
    const event = await sink.load(wire.t, wire.ref, typeof wire.c === 'string' ? wire.c : undefined);
    if (event) {
      sink.deliver(event);
    }
    return;
  }
  if (Array.isArray(wire.u) && wire.f !== null && typeof wire.f === 'object') {
    sink.deliver({ tenantId: wire.t, userIds: wire.u.map(String), frame: wire.f as ServerFrame });
  }
}
