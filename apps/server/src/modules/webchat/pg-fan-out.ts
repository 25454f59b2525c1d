import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/index.ts';
import { type ChatEvent, encodeEvent, type FanOut, type FanOutSink, receive } from './fan-out.ts';

export const CHANNEL = 'yuan_webchat';
// NOTIFY refuses payloads of 8000 bytes or more; a larger message travels as its id.
const MAX_PAYLOAD = 7_900;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * Several processes on one PostgreSQL: `pg_notify` inside the change's own transaction (PostgreSQL delivers it at
 * commit, never after a rollback), and one LISTEN connection per process outside the pool. When that connection
 * is lost, notifications sent meanwhile are gone: once it is back, every local socket is told to catch up.
 */
export class PgFanOut implements FanOut {
  readonly kind = 'postgres';
  private client: pg.Client | undefined;
  private sink: FanOutSink | undefined;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly database: Database,
    private readonly log: () => FastifyBaseLogger | undefined,
  ) {}

  async publish(event: ChatEvent): Promise<void> {
    // Raw: a notification function called for its effect, no table to query.
    await sql`SELECT pg_notify(${CHANNEL}, ${encodeEvent(event, MAX_PAYLOAD)})`.execute(this.database.db);
  }

  async start(sink: FanOutSink): Promise<void> {
    this.sink = sink;
    this.closed = false;
    await this.connect(false);
  }

  private async connect(reconnecting: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = (error?: Error) => {
      if (this.client !== client) {
        return;
      }
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (!this.closed) {
        this.log()?.warn({ err: error }, 'web chat: LISTEN connection lost, reconnecting');
        this.retry();
      }
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload && this.sink) {
        receive(n.payload, this.sink).catch((error: unknown) =>
          this.log()?.error({ err: error }, 'web chat: a notification could not be delivered'),
        );
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => undefined);
      this.log()?.warn({ err: error }, 'web chat: cannot LISTEN, retrying');
      this.retry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
    if (reconnecting) {
      this.sink?.resync();
    }
  }

  private retry(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(true), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
