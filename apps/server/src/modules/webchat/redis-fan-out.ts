import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../../db/scope.ts';
import { type ChatEvent, encodeEvent, type FanOut, type FanOutSink, receive } from './fan-out.ts';
import { RedisConnection } from './resp-client.ts';

export const REDIS_CHANNEL = 'yuan:webchat';

/**
 * Several processes sharing a Redis (REDIS_URL): each change is PUBLISHed after its commit; each process keeps one
 * subscribed connection. Pub/sub keeps nothing for a process that is not listening, so a lost subscription ends
 * with every local socket told to catch up, and a PUBLISH that failed is delivered here at once and followed, once
 * Redis answers again, by a "catch up" for every process.
 */
export class RedisFanOut implements FanOut {
  readonly kind = 'redis';
  private sink: FanOutSink | undefined;
  private readonly pub: RedisConnection;
  private readonly sub: RedisConnection;
  private lostPublish = false;

  constructor(url: string, log: () => FastifyBaseLogger | undefined) {
    const target = new URL(url);
    const onError = (error: unknown) => log()?.warn({ err: error }, 'web chat: redis connection error');
    this.pub = new RedisConnection(target, {
      onError,
      onReady: () => {
        if (this.lostPublish) {
          this.lostPublish = false;
          void this.send(JSON.stringify({ resync: true }));
        }
      },
    });
    this.sub = new RedisConnection(target, {
      subscribe: REDIS_CHANNEL,
      onError,
      onMessage: (payload) => {
        if (this.sink) {
          receive(payload, this.sink).catch((error: unknown) =>
            log()?.error({ err: error }, 'web chat: an event could not be delivered'),
          );
        }
      },
      onReady: (again) => {
        if (again) {
          this.sink?.resync();
        }
      },
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
      await this.pub.command(['PUBLISH', REDIS_CHANNEL, text]);
      return true;
    } catch {
      this.lostPublish = true;
      return false;
    }
  }

  async start(sink: FanOutSink): Promise<void> {
    this.sink = sink;
    // A Redis that is down at start is retried in the background; the first attempt is awaited so a healthy one
    // is subscribed before the server takes connections.
    await Promise.allSettled([this.pub.start(), this.sub.start()]);
  }

  async close(): Promise<void> {
    this.sink = undefined;
    await Promise.all([this.pub.close(), this.sub.close()]);
  }

  /** Drops the subscription's connection as a network failure would (tests). */
  dropSubscription(): void {
    this.sub.drop();
  }
}
