import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { Bus } from './bus.ts';
import { PgTransport } from './pg-transport.ts';
import { RedisTransport } from './redis-transport.ts';

export { Bus, type Subscriber } from './bus.ts';

/**
 * How long a published value waits for others to go in the same frame. Each create of an entity row drops a cached
 * total: sent each tick, that was one NOTIFY per few writes (decision 0063).
 */
export const BUS_GATHER_MS = 20;

/** Redis when REDIS_URL is set; else PostgreSQL's LISTEN/NOTIFY on the app's database. */
export function busFor(
  config: Pick<Config, 'redisUrl'>,
  database: Database,
  log: () => FastifyBaseLogger | undefined,
): Bus {
  const transport = config.redisUrl
    ? new RedisTransport(config.redisUrl, log)
    : new PgTransport(database, log);
  return new Bus(transport, log, BUS_GATHER_MS);
}
