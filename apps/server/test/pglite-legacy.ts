import { PGlite, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  sql,
} from 'kysely';
import type { Database } from '../src/db/index.ts';
import type { DB } from '../src/db/schema.ts';
import { runInScope, scopedDb, unitOfStatement } from '../src/db/scope.ts';
import { statementWrites } from '../src/db/session-driver.ts';

/**
 * The database of the app's earlier versions: PGlite in a folder, one connection that callers take turns on (as
 * those versions' driver did), so a test can make the data folder an upgrade finds. Only tests use it.
 */
class LegacyPgliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly releases: (() => void)[] = [];
  private readonly connection: DatabaseConnection;

  constructor(client: PGlite) {
    this.connection = {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        const result =
          compiled.parameters.length === 0
            ? ((await client.exec(compiled.sql)).at(-1) as Results<R>)
            : await client.query<R>(compiled.sql, compiled.parameters as unknown[]);
        const affected = result.affectedRows;
        return {
          rows: result.rows,
          ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
        };
      },
      streamQuery() {
        throw new Error('not streamed');
      },
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.releases.push(release);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection(): Promise<void> {
    this.releases.shift()?.();
  }

  async destroy(): Promise<void> {}
}

/**
 * The scope's session settings on PGlite: the earlier versions set them before each unit's statements. Here they
 * are sent ahead of every statement, which is slower but means the same.
 */
class SettingsConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly settings: () => string,
    private readonly opensUnit: (text: string) => boolean,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const ahead = `${this.opensUnit(compiled.sql) ? 'BEGIN; ' : ''}${this.settings()}`;
    if (!/^\s*(commit|rollback)\b/i.test(compiled.sql)) {
      await this.inner.executeQuery(CompiledQuery.raw(ahead));
    }
    return this.inner.executeQuery<R>(compiled);
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('not streamed');
  }
}

/**
 * Opens (creating it when absent) a PGlite data folder as the earlier versions did, behind the app's scopes.
 * `serverUrl`: a real server's database for what PGlite cannot serve (the job queue, LISTEN): the app of today
 * runs on it, the data stays in the folder.
 */
export async function openLegacyPglite(dir: string, serverUrl: string): Promise<Database> {
  const client = await PGlite.create(dir, { parsers: { 20: (v: string) => v, 1700: (v: string) => v } });
  const inner = new LegacyPgliteDriver(client);
  const driver: Driver = {
    init: () => inner.init(),
    acquireConnection: async () => {
      const connection = await inner.acquireConnection();
      return new SettingsConnection(
        connection,
        () => unitOfStatement().settings,
        (text) => {
          const { unit } = unitOfStatement();
          if (unit && !unit.open && statementWrites(text)) {
            unit.open = true;
            return true;
          }
          return false;
        },
      );
    },
    beginTransaction: (c) => inner.beginTransaction(c),
    commitTransaction: (c) => inner.commitTransaction(c),
    rollbackTransaction: (c) => inner.rollbackTransaction(c),
    releaseConnection: () => inner.releaseConnection(),
    destroy: () => inner.destroy(),
  };
  const root = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createIntrospector: (db) => new PostgresIntrospector(db),
    },
  });
  return {
    db: scopedDb(root),
    root,
    run: (scope, fn) => runInScope(root, scope, fn),
    url: serverUrl,
    exec: async (text) => {
      await sql.raw(text).execute(root);
    },
    // One PGlite session, always there.
    pool: () => ({ inUse: 0, idle: 1, opening: 0, waiting: 0, max: 1 }),
    close: async () => {
      await root.destroy();
      await client.close();
    },
  };
}
