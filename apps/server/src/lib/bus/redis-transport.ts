import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { Transport } from './bus.ts';

export const REDIS_CHANNEL = 'yuan:bus';

// Commands fail at once while Redis is away (no queue to replay late): the bus handles a frame that was not sent.
const OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResubscribe: false,
  retryStrategy: (times) => Math.min(times * 200, 2_000),
};

/**
 * The bus on a shared Redis (REDIS_URL): PUBLISH on one connection, SUBSCRIBE on another. Pub/sub keeps nothing for
 * a process that is not listening, so a subscription that comes back tells the bus that frames may have been missed.
 */
export class RedisTransport implements Transport {
  readonly kind = 'redis';
  readonly maxFrame = 1024 * 1024;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private subscribedBefore = false;

  constructor(url: string, log: () => FastifyBaseLogger | undefined) {
    const onError = (error: unknown) => log()?.warn({ err: error }, 'bus: redis connection error');
    this.pub = new Redis(url, OPTIONS);
    this.sub = new Redis(url, OPTIONS);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
  }

  async send(frame: string): Promise<void> {
    await this.pub.publish(REDIS_CHANNEL, frame);
  }

  async open(receive: (frame: string) => void, regained: () => void): Promise<void> {
    // Subscribed again by hand, so the bus hears "catch up" only once this process hears the channel again.
    this.sub.on('ready', () => {
      this.sub.subscribe(REDIS_CHANNEL).then(
        () => {
          if (this.subscribedBefore) {
            regained();
          }
          this.subscribedBefore = true;
        },
        () => undefined,
      );
    });
    this.sub.on('message', (_channel: string, frame: string) => receive(frame));
    // A Redis that is down at start is retried in the background; the first attempt is awaited so a healthy one is
    // connected before the server takes connections.
    await Promise.allSettled([this.pub.connect(), this.sub.connect()]);
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
