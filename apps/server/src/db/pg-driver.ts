import { CompiledQuery, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';
import type pg from 'pg';
import { CHECK_EVERY_MS, type Home, PgConnection } from './pg-connection.ts';
import { openSession, serverAnswers, within, withSessionOptions } from './pg-session.ts';
import { DatabaseUnavailable } from './unavailable.ts';

export { PgConnection } from './pg-connection.ts';

/**
 * How much a caller would rather have a connection: SUITS when it already carries the caller's session settings,
 * SPARE when taking it costs nobody a match (its settings are unknown or another connection carries them too),
 * 0 when it is the only one carrying another caller's settings.
 */
export type Preference = (connection: DatabaseConnection) => number;
export const SUITS = 2;
export const SPARE = 1;

/** The pool's limits (DB_POOL_MAX, DB_POOL_WAIT_MS, DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS; decision 0035). */
export interface PoolLimits {
  /** Sessions open at most. */
  max: number;
  /** How long a caller waits for a connection before it is answered "busy". */
  waitMs: number;
  /** How long opening a session may take (connect, start-up, authentication). */
  connectMs: number;
  /** The server's statement timeout of request work; the owner's work and work marked long go without it. */
  statementMs: number;
  /** How long a statement the timeout bounds may go without an answer before the session counts as stuck. */
  answerMs: number;
}

export const POOL_DEFAULTS: Omit<PoolLimits, 'answerMs'> = {
  max: 10,
  waitMs: 5_000,
  // With the liveness check a second after a statement's answer is due, a stalled server is told within the wait.
  connectMs: 3_000,
  statementMs: 30_000,
};
/** How much later than the statement timeout a bounded statement's answer may come (the server's own cancel). */
export const ANSWER_MARGIN_MS = 5_000;

/** The pool right now (metrics). */
export interface PoolStats {
  /** Sessions a caller holds. */
  inUse: number;
  idle: number;
  /** Sessions being opened. */
  opening: number;
  /** Callers waiting for a session. */
  waiting: number;
  max: number;
}

interface Waiter {
  prefer: Preference | undefined;
  resolve: (connection: PgConnection) => void;
  reject: (error: unknown) => void;
  /** How many later callers were served first because the freed connection suited them better. */
  passed: number;
  /** Answers "busy" when the wait limit passes. */
  timer?: NodeJS.Timeout;
}

/** A waiter is passed over at most this often, and only the first WINDOW waiters are looked at. */
const MAX_PASSED = 4;
const WINDOW = 16;

/**
 * A pool of PostgreSQL connections that lends each caller, when it can, a connection that already carries the
 * caller's session settings (role, tenant, time zone): a call then costs one round trip instead of two. Of the idle
 * connections the caller gets one that suits it, else a spare one, so the tenants' matches are kept; a freed
 * connection goes to an early waiter it suits, and otherwise to the first. A caller waits at most `waitMs`; a
 * connection whose session was lost leaves the pool at once, idle or not (decision 0035).
 */
export class PgPoolDriver implements Driver, Home {
  private readonly idle: PgConnection[] = [];
  private readonly waiters: Waiter[] = [];
  /** Sessions open or being opened. */
  private size = 0;
  /** Sessions being opened. */
  private opening = 0;
  private ended = false;
  private readonly client: pg.ClientConfig;
  readonly limits: PoolLimits;
  /** The liveness check under way, and when the server last answered one. */
  private checking: Promise<boolean> | undefined;
  private answeredAt = Number.NEGATIVE_INFINITY;

  stats(): PoolStats {
    const idle = this.idle.length;
    return {
      inUse: this.size - idle - this.opening,
      idle,
      opening: this.opening,
      waiting: this.waiters.length,
      max: this.limits.max,
    };
  }

  constructor(config: pg.ClientConfig & Partial<PoolLimits>) {
    const { max, waitMs, connectMs, statementMs, answerMs, ...client } = { ...POOL_DEFAULTS, ...config };
    this.limits = {
      max,
      waitMs,
      connectMs,
      statementMs,
      answerMs: answerMs ?? statementMs + ANSWER_MARGIN_MS,
    };
    this.client = {
      ...withSessionOptions(client),
      connectionTimeoutMillis: connectMs,
      // The session default that scoped work returns to with RESET (see scope.ts); the owner sets 0.
      statement_timeout: statementMs,
      // The kernel probes a session idle for 30 s, so a peer gone without a word (host down, link cut) ends it in
      // the background rather than under the next caller.
      keepAlive: true,
      keepAliveInitialDelayMillis: 30_000,
    };
  }

  get answerMs(): number {
    return this.limits.answerMs;
  }

  async init(): Promise<void> {}

  acquireConnection(prefer?: Preference): Promise<DatabaseConnection> {
    if (this.ended) {
      return Promise.reject(new Error('the database pool is closed'));
    }
    const best = this.bestIdle(prefer);
    if (best >= 0) {
      return Promise.resolve(this.idle.splice(best, 1)[0] as PgConnection);
    }
    if (this.size < this.limits.max) {
      // A caller that finds room opens its own session (bounded by the connect timeout).
      this.size++;
      return this.connect().then(
        (client) => new PgConnection(client, this),
        (error: unknown) => {
          this.size--;
          this.grow();
          throw error;
        },
      );
    }
    return new Promise<PgConnection>((resolve, reject) => {
      const waiter: Waiter = { prefer, resolve, reject, passed: 0 };
      waiter.timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new DatabaseUnavailable('wait'));
      }, this.limits.waitMs);
      this.waiters.push(waiter);
    });
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.give(connection as PgConnection);
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
      clearTimeout(waiter.timer);
      waiter.reject(new Error('the database pool is closed'));
    }
    const idle = this.idle.splice(0);
    this.size -= idle.length;
    // A stalled server never answers the goodbye: it is not waited for longer than a connect.
    if (!(await within(Promise.all(idle.map((c) => c.close())), this.limits.connectMs))) {
      for (const c of idle) {
        void c.close(true);
      }
    }
  }

  /** A new session, ready within `connectMs`, or DatabaseUnavailable when the server cannot take one now. */
  connect(): Promise<pg.Client> {
    return openSession(this.client);
  }

  /**
   * Whether the server answers `SELECT 1` on a new session within `connectMs`. One check at a time serves every
   * statement that asks, and an answer counts for CHECK_EVERY_MS. When it fails, the idle sessions go too: they
   * lead to the same server.
   */
  alive(): Promise<boolean> {
    if (performance.now() - this.answeredAt < CHECK_EVERY_MS) {
      return Promise.resolve(true);
    }
    this.checking ??= serverAnswers(this.client, this.limits.connectMs).then((alive) => {
      this.checking = undefined;
      if (alive) {
        this.answeredAt = performance.now();
      } else {
        for (const c of this.idle.splice(0)) {
          this.size--;
          void c.close(true);
        }
      }
      return alive;
    });
    return this.checking;
  }

  broke(connection: PgConnection): void {
    const at = this.idle.indexOf(connection);
    if (at >= 0) {
      this.idle.splice(at, 1);
      this.size--;
      void connection.close();
      this.grow();
    }
  }

  /**
   * Opens a session when a caller waits and there is room again (a broken one was dropped); it goes to whoever
   * waits by then, or to the idle.
   */
  private grow(): void {
    if (this.ended || this.waiters.length <= this.opening || this.size >= this.limits.max) {
      return;
    }
    this.size++;
    this.opening++;
    this.connect().then(
      (client) => {
        this.opening--;
        this.give(new PgConnection(client, this));
      },
      (error: unknown) => {
        this.opening--;
        this.size--;
        // The first waiter learns at once that the server is not there, rather than at the end of its wait.
        const first = this.waiters.shift();
        if (first) {
          clearTimeout(first.timer);
          first.reject(error);
        }
        this.grow();
      },
    );
  }

  /** A connection back from a caller or newly opened: to a waiter, to the idle, or closed when it is broken. */
  private give(connection: PgConnection): void {
    if (connection.broken || this.ended) {
      this.size--;
      void connection.close();
      this.grow();
      return;
    }
    const waiter = this.waiterFor(connection);
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.resolve(connection);
    } else {
      this.idle.push(connection);
    }
  }

  /** The idle connection the caller would rather have (-1 when none); of equals, the one freed last. */
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
