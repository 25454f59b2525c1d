import type { ServerFrame } from '@yuan/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../lib/bus/index.ts';

/** Something for some users' sockets, wherever those sockets are connected. */
export interface ChatEvent {
  tenantId: string;
  userIds: string[];
  frame: ServerFrame;
}

/** What a process does with the events that reach it. */
export interface FanOutSink {
  deliver(event: ChatEvent): void;
  /** Events may have been lost (see Bus): every local socket is told to catch up. */
  resync(): void;
  /** A message too large for the bus travelled as its id: the receiver loads it. */
  load(tenantId: string, messageId: string, clientId: string | undefined): Promise<ChatEvent | undefined>;
}

/** The bus topic of the web chat (see lib/bus). */
export const CHAT_TOPIC = 'webchat';

/**
 * Carries chat events to the sockets of every server process, on the app's one bus. `publish` runs inside the tenant
 * scope of the change it announces, and the event goes out only once that scope has committed: nobody hears of a
 * message that rolled back, and a receiver that loads what it heard of finds it stored.
 */
export class FanOut {
  constructor(private readonly bus: Bus) {}

  async publish(event: ChatEvent): Promise<void> {
    this.bus.publish(CHAT_TOPIC, encodeEvent(event, this.bus.maxValueBytes));
  }

  /** Hands what the bus brings to the sink; answers a function that stops it. */
  listen(sink: FanOutSink, log: () => FastifyBaseLogger | undefined): () => void {
    return this.bus.subscribe(CHAT_TOPIC, {
      deliver: (value) => {
        receive(value, sink).catch((error: unknown) =>
          log()?.error({ err: error }, 'web chat: an event could not be delivered'),
        );
      },
      resync: () => sink.resync(),
    });
  }
}

/** The wire form: an event, or a message by id (too large to travel whole). */
export type Wire = { t: string; u: string[]; f: ServerFrame } | { t: string; ref: string; c?: string };

export function encodeEvent(event: ChatEvent, maxBytes: number): Wire {
  const whole: Wire = { t: event.tenantId, u: event.userIds, f: event.frame };
  if (event.frame.type !== 'message' || Buffer.byteLength(JSON.stringify(whole)) <= maxBytes) {
    return whole;
  }
  const { message, clientId } = event.frame;
  return { t: event.tenantId, ref: message.id, ...(clientId ? { c: clientId } : {}) };
}

/** Hands one received value to the sink; anything malformed is ignored. */
export async function receive(value: unknown, sink: FanOutSink): Promise<void> {
  if (value === null || typeof value !== 'object') {
    return;
  }
  const wire = value as Partial<Record<'t' | 'u' | 'f' | 'ref' | 'c', unknown>>;
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
