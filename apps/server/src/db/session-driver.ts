import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { unitOfStatement } from './scope.ts';

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

/**
 * One connection of the pool with the session settings it carries. The settings (role, tenant, time zone) are
 * set at session level and left in place, so a connection that serves the same tenant again needs no round trip
 * for them; the next unit that needs others sets its own before its first statement.
 */
class SessionConnection implements DatabaseConnection {
  /** The settings statement last applied; null when unknown (a fresh connection, or after a rollback). */
  private current: string | null = null;

  constructor(private readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { settings, unit } = unitOfStatement();
    const begin = unit !== undefined && !unit.open && statementWrites(compiled.sql);
    // BEGIN and the settings share one round trip with each other, never with a statement that has parameters.
    const prefix = [begin ? 'BEGIN' : '', this.current === settings ? '' : settings]
      .filter(Boolean)
      .join('; ');
    if (prefix !== '') {
      await this.inner.executeQuery(CompiledQuery.raw(prefix));
      this.current = settings;
      if (begin && unit) {
        unit.open = true;
      }
    }
    if (/^\s*rollback\b/i.test(compiled.sql)) {
      // Settings made inside the transaction are undone with it.
      this.current = null;
    }
    return this.inner.executeQuery<R>(compiled);
  }

  unwrap(): DatabaseConnection {
    return this.inner;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class SessionDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, SessionConnection>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let session = this.wrapped.get(connection);
    if (!session) {
      session = new SessionConnection(connection);
      this.wrapped.set(connection, session);
    }
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

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private innerOf(connection: DatabaseConnection): DatabaseConnection {
    return connection instanceof SessionConnection ? connection.unwrap() : connection;
  }
}

/** The dialect with its connections' session settings managed as above. */
export function withSessions(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new SessionDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
