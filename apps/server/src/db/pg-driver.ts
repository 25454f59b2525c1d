import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { Named } from './reusable.ts';

/**
 * How much a caller would rather have a connection: SUITS when it already carries the caller's session settings,
 * SPARE when taking it costs nobody a match (its settings are unknown or another connection carries them too),
 * 0 when it is the only one carrying another caller's settings.
 */
export type Preference = (connection: DatabaseConnection) => number;
export const SUITS = 2;
export const SPARE = 1;

const AFFECTS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Whether a failed statement also lost its connection: a server error of class 08 (connection exception) or 57P
 * (operator intervention: terminated, shutting down), a FATAL or PANIC, or an error that is not the server's at all
 * (a closed socket). Ordinary statement errors (constraints, syntax, RLS) leave the connection usable.
 */
function connectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) {
    return true;
  }
  const { code, severity } = error as Error & { code?: string; severity?: string };
  if (severity === undefined) {
    return true;
  }
  return severity === 'FATAL' || severity === 'PANIC' || /^(08|57P)/.test(code ?? '');
}

/** The wire calls of pg's connection that a statement ahead of the query needs. */
interface Wire {
  parse(message: { text: string; name: string }): void;
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string; rows: number }): void;
}
type Callback = (error: Error | undefined, result: pg.QueryResult | pg.QueryResult[]) => void;
const prepareQuery = (pg.Query.prototype as unknown as { prepare(this: pg.Query, wire: Wire): void }).prepare;

/**
 * A parameterised query with statements (BEGIN, the session settings) sent ahead of it in the same write, before
 * the one Sync: the server runs them in order and answers once, so the settings cost no round trip of their own.
 * Their results come first in the answer (none has rows); the query's is the last.
 */
class QueryAfter extends pg.Query {
  constructor(
    private readonly ahead: readonly string[],
    query: pg.QueryConfig,
    callback: Callback,
  ) {
    super({ ...query, queryMode: 'extended' } as pg.QueryConfig, callback as never);
  }

  prepare(wire: Wire): void {
    for (const text of this.ahead) {
      wire.parse({ text, name: '' });
      wire.bind({ portal: '', statement: '', values: [] });
      wire.execute({ portal: '', rows: 0 });
    }
    prepareQuery.call(this, wire);
  }
}

/** One server connection. A connection-level error marks it broken, so the pool drops it instead of lending it. */
export class PgConnection implements DatabaseConnection {
  broken = false;

  constructor(readonly client: pg.Client) {
    // Without a listener an error of an idle socket would end the process.
    client.on('error', () => {
      this.broken = true;
    });
    client.on('end', () => {
      this.broken = true;
    });
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.executeAfter([], compiled);
  }

  /**
   * Runs `ahead` (statements without parameters or rows) and then the query, in one round trip. Without parameters
   * pg uses the simple protocol, where one text may hold several statements; with them, see `QueryAfter`. The last
   * statement's result is the answer.
   */
  async executeAfter<R>(ahead: readonly string[], compiled: Named): Promise<QueryResult<R>> {
    const values = compiled.parameters as unknown[];
    const query = { text: compiled.sql, values, ...(compiled.statement ? { name: compiled.statement } : {}) };
    let answer: pg.QueryResult | pg.QueryResult[];
    try {
      if (values.length === 0) {
        answer = await this.client.query([...ahead, compiled.sql].join('; '));
      } else if (ahead.length === 0) {
        answer = await this.client.query(query);
      } else {
        answer = await new Promise<pg.QueryResult | pg.QueryResult[]>((resolve, reject) => {
          this.client.query(
            new QueryAfter(ahead, query, (error, result) => (error ? reject(error) : resolve(result))),
          );
        });
      }
    } catch (error) {
      if (connectionLost(error)) {
        this.broken = true;
      }
      throw error;
    }
    const result = (Array.isArray(answer) ? answer.at(-1) : answer) as pg.QueryResult | undefined;
    const affected =
      result && AFFECTS.has(result.command) && result.rowCount !== null
        ? { numAffectedRows: BigInt(result.rowCount) }
        : {};
    return { rows: (result?.rows ?? []) as R[], ...affected };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used: reads are paged');
  }
}

interface Waiter {
  prefer: Preference | undefined;
  resolve: (connection: PgConnection) => void;
  reject: (error: unknown) => void;
  /** How many later callers were served first because the freed connection suited them better. */
  passed: number;
}

/** A waiter is passed over at most this often, and only the first WINDOW waiters are looked at. */
const MAX_PASSED = 4;
const WINDOW = 16;

/**
 * A pool of PostgreSQL connections that lends each caller, when it can, a connection that already carries the
 * caller's session settings (role, tenant, time zone): a call then costs one round trip instead of two. Of the idle
 * connections the caller gets one that suits it, else a spare one, so the tenants' matches are kept; a freed
 * connection goes to an early waiter it suits, and otherwise to the first.
 */
export class PgPoolDriver implements Driver {
  private readonly idle: PgConnection[] = [];
  private readonly waiters: Waiter[] = [];
  private size = 0;
  private ended = false;

  constructor(private readonly config: pg.ClientConfig & { max: number }) {}

  async init(): Promise<void> {}

  async acquireConnection(prefer?: Preference): Promise<DatabaseConnection> {
    if (this.ended) {
      throw new Error('the database pool is closed');
    }
    if (this.idle.length > 0) {
      return this.idle.splice(this.bestIdle(prefer), 1)[0] as PgConnection;
    }
    if (this.size < this.config.max) {
      return this.open();
    }
    return new Promise<PgConnection>((resolve, reject) => {
      this.waiters.push({ prefer, resolve, reject, passed: 0 });
    });
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const freed = connection as PgConnection;
    if (freed.broken || this.ended) {
      this.size--;
      freed.client.end().catch(() => undefined);
      const next = this.waiters.shift();
      if (next && !this.ended) {
        this.open().then(next.resolve, next.reject);
      }
      return;
    }
    const waiter = this.waiterFor(freed);
    if (waiter) {
      waiter.resolve(freed);
    } else {
      this.idle.push(freed);
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    const mode = settings.accessMode ? ` ${settings.accessMode.toUpperCase()}` : '';
    await connection.executeQuery(CompiledQuery.raw(`START TRANSACTION${level}${mode}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    this.ended = true;
    for (const waiter of this.waiters.splice(0)) {
      waiter.reject(new Error('the database pool is closed'));
    }
    const idle = this.idle.splice(0);
    this.size -= idle.length;
    await Promise.all(idle.map((c) => c.client.end().catch(() => undefined)));
  }

  private async open(): Promise<PgConnection> {
    this.size++;
    const client = new pg.Client(this.config);
    try {
      await client.connect();
    } catch (error) {
      this.size--;
      throw error;
    }
    return new PgConnection(client);
  }

  /** The idle connection the caller would rather have; of equals, the one freed last. */
  private bestIdle(prefer: Preference | undefined): number {
    let best = this.idle.length - 1;
    if (!prefer) {
      return best;
    }
    let bestScore = -1;
    for (let i = this.idle.length - 1; i >= 0 && bestScore < SUITS; i--) {
      const score = prefer(this.idle[i] as PgConnection);
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    return best;
  }

  private waiterFor(freed: PgConnection): Waiter | undefined {
    const suits = (w: Waiter | undefined) => w?.prefer?.(freed) === SUITS;
    const first = this.waiters[0];
    if (!first || first.passed >= MAX_PASSED || suits(first)) {
      return this.waiters.shift();
    }
    const limit = Math.min(this.waiters.length, WINDOW);
    for (let i = 1; i < limit; i++) {
      if (suits(this.waiters[i])) {
        for (let j = 0; j < i; j++) {
          (this.waiters[j] as Waiter).passed++;
        }
        return this.waiters.splice(i, 1)[0];
      }
    }
    return this.waiters.shift();
  }
}
