import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { afterCommit } from '../../db/scope.ts';
import { type ChatEvent, encodeEvent, type FanOut, type FanOutSink, receive } from './fan-out.ts';

export const REDIS_CHANNEL = 'yuan:webchat';

// Commands fail at once while Redis is away (no queue to replay late): a lost PUBLISH is handled below.
const OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResubscribe: false,
  retryStrategy: (times) => Math.min(times * 200, 2_000),
};

/**
 * Several processes sharing a Redis (REDIS_URL): each change is PUBLISHed after its commit; each process keeps one
 * subscribed connection. Pub/sub keeps nothing for a process that is not listening, so a subscription that comes
 * back tells every local socket to catch up, and a PUBLISH that failed is delivered here at once and followed, once
 * Redis answers again, by a "catch up" for every process.
 */
export class RedisFanOut implements FanOut {
  readonly kind = 'redis';
  private sink: FanOutSink | undefined;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private lostPublish = false;
  private subscribedBefore = false;

  constructor(url: string, log: () => FastifyBaseLogger | undefined) {
    const onError = (error: unknown) => log()?.warn({ err: error }, 'web chat: redis connection error');
    this.pub = new Redis(url, OPTIONS);
    this.sub = new Redis(url, OPTIONS);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.pub.on('ready', () => {
      if (this.lostPublish) {
        this.lostPublish = false;
        void this.send(JSON.stringify({ resync: true }));
      }
    });
    // Subscribed again by hand, so the sockets are told to catch up only once this process hears the channel.
    this.sub.on('ready', () => {
      this.sub.subscribe(REDIS_CHANNEL).then(() => {
        if (this.subscribedBefore) {
          this.sink?.resync();
        }
        this.subscribedBefore = true;
      }, onError);
    });
    this.sub.on('message', (_channel: string, payload: string) => {
      if (this.sink) {
        receive(payload, this.sink).catch((error: unknown) =>
          log()?.error({ err: error }, 'web chat: an event could not be delivered'),
        );
      }
    });
  }

  async publish(event: ChatEvent): Promise<void> {
    afterCommit(() => {
      void this.send(encodeEvent(event, Number.POSITIVE_INFINITY)).then((sent) => {
        if (!sent) {
          // Nobody heard it, this process included: its own sockets get it now, the others catch up later.
          this.sink?.deliver(event);
        }
      });
    });
  }

  private async send(text: string): Promise<boolean> {
    try {
      await this.pub.publish(REDIS_CHANNEL, text);
      return true;
    } catch {
      this.lostPublish = true;
      return false;
    }
  }

  async start(sink: FanOutSink): Promise<void> {
    this.sink = sink;
    // A Redis that is down at start is retried in the background; the first attempt is awaited so a healthy one
    // is connected before the server takes connections.
    await Promise.allSettled([this.pub.connect(), this.sub.connect()]);
  }

  async close(): Promise<void> {
    this.sink = undefined;
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
