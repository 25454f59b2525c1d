import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/index.ts';
import type { Transport } from './bus.ts';

export const PG_CHANNEL = 'yuan_bus';
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * The bus on the app's own PostgreSQL: `pg_notify` through the pool, one LISTEN connection per process outside it.
 * NOTIFY refuses payloads of 8000 bytes or more. When the LISTEN connection is lost it is opened again, and the bus
 * is told that frames may have been missed.
 */
export class PgTransport implements Transport {
  readonly kind = 'postgres';
  readonly maxFrame = 7_900;
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private timer: NodeJS.Timeout | undefined;
  private receive: (frame: string) => void = () => {};
  private regained: () => void = () => {};

  constructor(
    private readonly database: Database,
    private readonly log: () => FastifyBaseLogger | undefined,
  ) {}

  async send(frame: string): Promise<void> {
    // Raw: a notification function called for its effect, as the owner (no tenant: the frame names none).
    await sql`SELECT pg_notify(${PG_CHANNEL}, ${frame})`.execute(this.database.root);
  }

  async open(receive: (frame: string) => void, regained: () => void): Promise<void> {
    this.receive = receive;
    this.regained = regained;
    this.closed = false;
    await this.connect(false);
  }

  private async connect(reconnecting: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.url });
    const lost = (error?: Error) => {
      if (this.client !== client) {
        return;
      }
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (!this.closed) {
        this.log()?.warn({ err: error }, 'bus: LISTEN connection lost, reconnecting');
        this.retry();
      }
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.channel === PG_CHANNEL && n.payload) {
        this.receive(n.payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => undefined);
      this.log()?.warn({ err: error }, 'bus: cannot LISTEN, retrying');
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
      this.regained();
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
