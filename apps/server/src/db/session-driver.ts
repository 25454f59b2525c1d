import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { type Preference, SPARE, SUITS } from './pg-driver.ts';
import { ScopeError, settingsWanted, unitOfStatement } from './scope.ts';
import { DatabaseUnavailable } from './unavailable.ts';

/**
 * Whether a statement may change data (or take locks that must last until commit): anything that is not a plain
 * SELECT. A wrong "yes" only costs a transaction; so the test is on the text and leans to yes.
 */
export function statementWrites(text: string): boolean {
  const head = text.trimStart().slice(0, 6).toLowerCase();
  if (head !== 'select') {
    return true;
  }
  return SIDE_EFFECTS.test(text);
}
const SIDE_EFFECTS =
  /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|pg_advisory|set_config|nextval|setval/i;

/** A connection that can send statements ahead of a query in the same round trip, and replace a lost session. */
interface StatementsAhead {
  executeAfter<R>(
    ahead: readonly string[],
    compiled: CompiledQuery,
    bounded: boolean,
  ): Promise<QueryResult<R>>;
  reconnect(): Promise<void>;
}
const hasStatementsAhead = (c: DatabaseConnection): c is DatabaseConnection & StatementsAhead =>
  typeof (c as Partial<StatementsAhead>).executeAfter === 'function';

/**
 * One connection of the pool with the session settings it carries. The settings (role, tenant, time zone) are
 * set at session level and left in place, so a connection that serves the same tenant again needs no round trip
 * for them; the next unit that needs others sets its own before its first statement.
 */
class SessionConnection implements DatabaseConnection {
  /** The settings statement last applied; null when unknown (a fresh connection, or after a rollback). */
  private current: string | null = null;
  /** Whether no statement has been sent since the connection was lent. */
  fresh = false;

  constructor(
    private readonly inner: DatabaseConnection & StatementsAhead,
    private readonly carriers: Map<string, number>,
  ) {}

  private carry(next: string | null): void {
    if (this.current !== null) {
      this.carriers.set(this.current, (this.carriers.get(this.current) ?? 1) - 1);
    }
    if (next !== null) {
      this.carriers.set(next, (this.carriers.get(next) ?? 0) + 1);
    }
    this.current = next;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const fresh = this.fresh;
    this.fresh = false;
    const { unit } = unitOfStatement();
    const opened = unit?.open;
    try {
      return await this.send<R>(compiled);
    } catch (error) {
      // A session found lost at a unit's first statement (a server restart the pool had not heard of yet) is
      // replaced and the statement sent again: nothing can have been committed. A read ran alone, a write opened
      // the unit's transaction, which the server rolled back when the session ended. Later statements are not:
      // the unit's work so far went with the session.
      if (!(fresh && unit && error instanceof DatabaseUnavailable && error.reason === 'lost')) {
        throw error;
      }
      await this.inner.reconnect();
      this.carry(null);
      unit.open = opened === true;
      return this.send<R>(compiled);
    }
  }

  private async send<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { settings, unit, bounded } = unitOfStatement();
    const writes = statementWrites(compiled.sql);
    if (writes && unit?.final === 'spent') {
      throw new ScopeError('a write after the final write of its unit');
    }
    // A unit's final write (see `finalWrite`) runs in its own implicit transaction, when none is open.
    const alone = writes && unit?.final === 'armed' && !unit.open;
    if (alone && unit) {
      unit.final = 'spent';
    }
    const begin = unit !== undefined && !unit.open && writes && !alone;
    const ahead = [...(begin ? ['BEGIN'] : []), ...(this.current === settings ? [] : [settings])];
    if (begin && unit) {
      // Set before the round trip: if the statement fails after BEGIN, the unit still rolls back.
      unit.open = true;
    }
    const inner = this.inner;
    if (/^\s*rollback\b/i.test(compiled.sql)) {
      // Settings made inside the transaction are undone with it.
      this.carry(null);
      return inner.executeAfter<R>([], compiled, bounded);
    }
    if (ahead.length === 0) {
      return inner.executeAfter<R>([], compiled, bounded);
    }
    try {
      const result = await inner.executeAfter<R>(
        ahead.flatMap((text) => text.split('; ')),
        compiled,
        bounded,
      );
      this.carry(settings);
      return result;
    } catch (error) {
      // Without BEGIN the settings ran in the statement's implicit transaction and were undone with it.
      this.carry(null);
      throw error;
    }
  }

  /** How well the connection suits a unit that needs these settings (see `Preference`). */
  score(settings: string): number {
    if (this.current === settings) {
      return SUITS;
    }
    return this.current === null || (this.carriers.get(this.current) ?? 0) > 1 ? SPARE : 0;
  }

  unwrap(): DatabaseConnection {
    return this.inner;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

/**
 * What Kysely holds as a connection, from a unit's start to its end: the pool's session is taken at the first
 * statement, not when the unit opens. The work a call does before its first statement (validation, cached reads,
 * answering from a cache) then holds none of the pool's sessions, which serve only statements and the time between
 * them. A unit that sends no statement takes none.
 */
class LazyConnection implements DatabaseConnection {
  private session: Promise<SessionConnection> | undefined;

  constructor(private readonly take: () => Promise<SessionConnection>) {}

  /** The pool's session, once the first statement has asked for it. */
  taken(): Promise<SessionConnection> | undefined {
    return this.session;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.session ??= this.take();
    return (await this.session).executeQuery<R>(compiled);
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used: reads are paged');
  }
}

/** A driver whose pool can prefer some idle connections to others (see pg-driver.ts). */
type InnerDriver = Driver & { acquireConnection(prefer?: Preference): Promise<DatabaseConnection> };

class SessionDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, SessionConnection>();
  /** How many connections carry each settings statement. */
  private readonly carriers = new Map<string, number>();

  constructor(private readonly inner: InnerDriver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  /** A connection whose pool session is taken at its first statement (see `LazyConnection`). */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new LazyConnection(() => this.take());
  }

  private async take(): Promise<SessionConnection> {
    const wanted = settingsWanted();
    const connection = await this.inner.acquireConnection(
      (candidate) => this.wrapped.get(candidate)?.score(wanted) ?? SPARE,
    );
    let session = this.wrapped.get(connection);
    if (!session) {
      if (!hasStatementsAhead(connection)) {
        throw new Error('the pool lent a connection that cannot send statements ahead of a query');
      }
      session = new SessionConnection(connection, this.carriers);
      this.wrapped.set(connection, session);
    }
    session.fresh = true;
    return session;
  }

  // Transactions the owner opens through Kysely (outside a scope) go through the session connection, so they run
  // with the owner's settings.
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof LazyConnection)) {
      throw new Error('a connection this driver did not lend');
    }
    // A session that could not be taken has nothing to give back (its statement failed with the reason).
    const session = await connection.taken()?.catch(() => undefined);
    if (session) {
      await this.inner.releaseConnection(session.unwrap());
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Kysely's PostgreSQL dialect on the pool's driver, its connections' settings managed as above. */
export function withSessions(driver: InnerDriver): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SessionDriver(driver),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}
