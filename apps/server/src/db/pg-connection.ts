import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import pg from 'pg';
import { dropSession } from './pg-session.ts';
import type { Named } from './reusable.ts';
import { DatabaseUnavailable } from './unavailable.ts';

const AFFECTS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** How often a statement without an answer has the server's liveness checked (see `Home.alive`). */
export const CHECK_EVERY_MS = 1_000;

/** What a connection needs from its pool. */
export interface Home {
  /** A new session, connected within the connect timeout; throws DatabaseUnavailable when the server is not there. */
  connect(): Promise<pg.Client>;
  /** Whether the server still answers on another session: false when it cannot be reached within the timeout. */
  alive(): Promise<boolean>;
  /** The connection was lost while it was not lent: the pool drops it. */
  broke(connection: PgConnection): void;
  /** How long a statement that the statement timeout bounds may go without an answer before it is given up. */
  readonly answerMs: number;
}

/**
 * Whether a failed statement left its connection unusable: a server error of class 08 (connection exception) or
 * 57P (operator intervention: terminated, shutting down), a FATAL or PANIC, or an error that is not the server's at
 * all (a closed socket). Ordinary statement errors (constraints, syntax, RLS) leave the connection usable.
 */
function unusable(error: unknown): boolean {
  if (!(error instanceof Error)) {
    return true;
  }
  const { code, severity } = error as Error & { code?: string; severity?: string };
  if (severity === undefined) {
    return true;
  }
  return severity === 'FATAL' || severity === 'PANIC' || /^(08|57P)/.test(code ?? '');
}

/** Of the unusable ones, the errors that say the session is gone (rather than a fault of this program). */
function sessionGone(error: unknown): boolean {
  const { code, severity, message } = (error ?? {}) as { code?: string; severity?: string; message?: string };
  if (severity !== undefined) {
    return unusable(error);
  }
  return (
    /^(ECONNRESET|EPIPE|ECONNREFUSED|ETIMEDOUT|ENOTCONN)$/.test(code ?? '') ||
    /^(Connection terminated|Client has encountered a connection error|Client was closed)/.test(message ?? '')
  );
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

type Answer = pg.QueryResult | pg.QueryResult[];

/**
 * One server connection. A lost session marks it broken (so the pool never lends it again) and its failures
 * answer 503; a statement whose answer does not come while the server has stopped answering is given up.
 */
export class PgConnection implements DatabaseConnection {
  broken = false;
  private client!: pg.Client;

  constructor(
    client: pg.Client,
    private readonly home: Home,
  ) {
    this.adopt(client);
  }

  private adopt(client: pg.Client): void {
    this.client = client;
    this.broken = false;
    const lose = () => {
      // Events of a session this connection has already replaced say nothing about it.
      if (this.client === client && !this.broken) {
        this.broken = true;
        this.home.broke(this);
      }
    };
    // Without an error listener an error of an idle socket would end the process.
    client.on('error', lose);
    client.on('end', lose);
  }

  /** Replaces a lost session by a new one (the caller sends its settings again: the new session has none). */
  async reconnect(): Promise<void> {
    const old = this.client;
    this.adopt(await this.home.connect());
    dropSession(old);
  }

  /** Ends the session: politely when it is healthy, at once when it is not or when `now`. */
  close(now = this.broken): Promise<void> {
    this.broken ||= now;
    if (now) {
      dropSession(this.client);
      return Promise.resolve();
    }
    return this.client.end().catch(() => undefined);
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.executeAfter([], compiled);
  }

  /**
   * Runs `ahead` (statements without parameters or rows) and then the query, in one round trip. Without parameters
   * pg uses the simple protocol, where one text may hold several statements; with them, see `QueryAfter`. The last
   * statement's result is the answer. `bounded`: the statement timeout applies, so an answer later than the
   * pool's `answerMs` means the session is stuck.
   */
  async executeAfter<R>(ahead: readonly string[], compiled: Named, bounded = true): Promise<QueryResult<R>> {
    if (this.broken) {
      if (ahead.length === 0 && /^\s*rollback\s*$/i.test(compiled.sql)) {
        // The server ended the lost session's transaction itself.
        return { rows: [] };
      }
      throw new DatabaseUnavailable('lost');
    }
    const values = compiled.parameters as unknown[];
    const query = {
      text: compiled.sql,
      values,
      ...(compiled.statement ? { name: compiled.statement } : {}),
      ...(compiled.types ? { types: compiled.types } : {}),
    };
    const client = this.client;
    const answer = await this.watched(client, bounded, () => {
      if (values.length === 0) {
        return client.query([...ahead, compiled.sql].join('; '));
      }
      if (ahead.length === 0) {
        return client.query(query);
      }
      return new Promise<Answer>((resolve, reject) => {
        client.query(
          new QueryAfter(ahead, query, (error, result) => (error ? reject(error) : resolve(result))),
        );
      });
    });
    const result = (Array.isArray(answer) ? answer.at(-1) : answer) as pg.QueryResult | undefined;
    const affected =
      result && AFFECTS.has(result.command) && result.rowCount !== null
        ? { numAffectedRows: BigInt(result.rowCount) }
        : {};
    return { rows: (result?.rows ?? []) as R[], ...affected };
  }

  /**
   * Sends a statement and waits for its answer, checking every second it is late that the server still answers
   * another session: if it does not, or a bounded statement is later than `answerMs`, the session is dropped and
   * the statement fails as `silent` (the server is stalled or the link is dead; waiting longer only holds the
   * caller). A session lost otherwise fails as `lost`.
   */
  private watched(client: pg.Client, bounded: boolean, send: () => Promise<Answer>): Promise<Answer> {
    const started = performance.now();
    let given: DatabaseUnavailable | undefined;
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const check = async () => {
      const late = bounded && performance.now() - started >= this.home.answerMs;
      const alive = !late && (await this.home.alive());
      if (done) {
        return;
      }
      if (alive) {
        timer = setTimeout(check, CHECK_EVERY_MS);
        return;
      }
      given = new DatabaseUnavailable('silent');
      this.broken = true;
      dropSession(client);
    };
    timer = setTimeout(check, CHECK_EVERY_MS);
    const settle = () => {
      done = true;
      clearTimeout(timer);
    };
    return send().then(
      (answer) => {
        settle();
        return answer;
      },
      (error: unknown) => {
        settle();
        if (given) {
          throw given;
        }
        if (unusable(error)) {
          this.broken = true;
          if (sessionGone(error)) {
            throw new DatabaseUnavailable('lost', error);
          }
        }
        throw error;
      },
    );
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used: reads are paged');
  }
}
