import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { whenCommitted } from '../../db/scope.ts';

/** A way between the server processes: PostgreSQL LISTEN/NOTIFY or Redis pub/sub. */
export interface Transport {
  readonly kind: 'postgres' | 'redis';
  /** The largest frame it carries, in bytes. */
  readonly maxFrame: number;
  /** Sends one frame to every process, this one included; rejects when it could not. */
  send(frame: string): Promise<void>;
  /**
   * Starts hearing frames. `regained` is called when a lost subscription is back: frames sent meanwhile are gone.
   * The first attempt is awaited; a transport that is down then keeps trying in the background.
   */
  open(receive: (frame: string) => void, regained: () => void): Promise<void>;
  close(): Promise<void>;
}

/** What a topic's listener does with what reaches it. */
export interface Subscriber {
  deliver(value: unknown): void;
  /** Whether it hears what this process published too (default true); false when it acted on it already. */
  ownFrames?: boolean;
  /** Something may have been missed (a subscription was lost, or a process could not send): catch up. */
  resync(): void;
}

type Item = [topic: string, value: unknown];
/** An item waiting to go out; `once`: the same topic and value waiting already make it redundant. */
type Queued = [topic: string, value: unknown, once: boolean];
/** What travels: the sending process and its items. */
type Frame = { o: string; i: Item[] };

const RESYNC = '{"resync":true}';
const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 10_000;
// The bytes a frame spends around one value: the sender's id, brackets, the topic and its quotes.
const FRAME_OVERHEAD = 128;

/**
 * The one bus between the server processes (decision 0046): the cache drops and the web chat travel on it. What is
 * published inside a unit of work goes out once that unit has committed (never after a rollback); what is published
 * within `gatherMs` (or in one tick, when 0) goes out as few frames as fit. Every process hears its own frames too.
 * When a frame cannot be sent, this process's subscribers get it at once and every process is told to catch up as
 * soon as sending works again.
 */
export class Bus {
  /** This process on the bus: what it sent comes back marked with it. */
  readonly id = randomUUID();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private queue: Queued[] = [];
  private flushing = false;
  private owesResync = false;
  private retryMs = RETRY_MIN_MS;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly transport: Transport,
    private readonly log: () => FastifyBaseLogger | undefined,
    /** How long what is published waits for more to go with it (decision 0063); 0: until the end of the tick. */
    private readonly gatherMs = 0,
  ) {}

  get kind(): Transport['kind'] {
    return this.transport.kind;
  }

  /** The largest value (as JSON) one publish may carry. */
  get maxValueBytes(): number {
    return this.transport.maxFrame - FRAME_OVERHEAD;
  }

  subscribe(topic: string, subscriber: Subscriber): () => void {
    const set = this.subscribers.get(topic) ?? new Set<Subscriber>();
    set.add(subscriber);
    this.subscribers.set(topic, set);
    return () => {
      set.delete(subscriber);
    };
  }

  /**
   * Sends `value` (plain JSON) to the topic's subscribers in every process, after the current unit commits. `once`:
   * hearing it twice is as hearing it once (a cache drop), so it is not sent again with the same frames.
   */
  publish(topic: string, value: unknown, options: { once?: boolean } = {}): void {
    whenCommitted(() => {
      this.queue.push([topic, value, options.once === true]);
      if (!this.flushing) {
        this.flushing = true;
        if (this.gatherMs > 0) {
          setTimeout(() => void this.flush(), this.gatherMs);
        } else {
          setImmediate(() => void this.flush());
        }
      }
    });
  }

  async start(): Promise<void> {
    this.closed = false;
    await this.transport.open(
      (frame) => this.receive(frame),
      () => this.resyncHere(),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.transport.close();
  }

  private async flush(): Promise<void> {
    const items = this.queue;
    this.queue = [];
    this.flushing = false;
    for (const frame of this.frames(items)) {
      try {
        await this.transport.send(JSON.stringify({ o: this.id, i: frame } satisfies Frame));
      } catch (error) {
        this.log()?.warn({ err: error }, 'bus: a frame could not be sent; every process will catch up');
        // Nobody heard it, this process included: its own subscribers get it now, the others catch up later.
        this.deliverHere(frame, true);
        this.oweResync();
      }
    }
  }

  /**
   * Packs items into frames of at most the transport's size; an item too large on its own is refused, one sent
   * `once` goes once.
   */
  private frames(queued: Queued[]): Item[][] {
    const frames: Item[][] = [];
    let current: Item[] = [];
    const sentOnce = new Set<string>();
    // The frame's own bytes around its items: {"o":"<uuid>","i":[]}.
    const empty = 55;
    let bytes = empty;
    for (const [topic, value, once] of queued) {
      const item: Item = [topic, value];
      const text = JSON.stringify(item);
      if (once) {
        if (sentOnce.has(text)) {
          continue;
        }
        sentOnce.add(text);
      }
      const size = Buffer.byteLength(text) + 1;
      if (size + empty > this.transport.maxFrame) {
        this.log()?.error({ topic: item[0], size }, 'bus: a value is larger than a frame; not sent');
        continue;
      }
      if (bytes + size > this.transport.maxFrame && current.length > 0) {
        frames.push(current);
        current = [];
        bytes = empty;
      }
      current.push(item);
      bytes += size;
    }
    if (current.length > 0) {
      frames.push(current);
    }
    return frames;
  }

  private oweResync(): void {
    if (this.owesResync || this.closed) {
      return;
    }
    this.owesResync = true;
    this.retryMs = RETRY_MIN_MS;
    this.scheduleResync();
  }

  private scheduleResync(): void {
    this.retry = setTimeout(() => {
      this.transport.send(RESYNC).then(
        () => {
          this.owesResync = false;
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
          if (!this.closed) {
            this.scheduleResync();
          }
        },
      );
    }, this.retryMs);
  }

  /** One frame heard: a process's items, or "catch up, all of you". Anything else is ignored (a shared channel). */
  private receive(text: string): void {
    if (text === RESYNC) {
      this.resyncHere();
      return;
    }
    let frame: Partial<Frame> | null;
    try {
      frame = JSON.parse(text) as Partial<Frame> | null;
    } catch {
      return;
    }
    if (frame && typeof frame === 'object' && Array.isArray(frame.i)) {
      const items = frame.i.filter(
        (item): item is Item => Array.isArray(item) && typeof item[0] === 'string',
      );
      this.deliverHere(items, frame.o === this.id);
    }
  }

  private deliverHere(items: Item[], own: boolean): void {
    for (const [topic, value] of items) {
      for (const subscriber of this.subscribers.get(topic) ?? []) {
        if (own && subscriber.ownFrames === false) {
          continue;
        }
        try {
          subscriber.deliver(value);
        } catch (error) {
          this.log()?.error({ err: error, topic }, 'bus: a subscriber failed');
        }
      }
    }
  }

  private resyncHere(): void {
    for (const set of this.subscribers.values()) {
      for (const subscriber of set) {
        subscriber.resync();
      }
    }
  }
}
