import type { PGlite, Results } from '@electric-sql/pglite';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/**
 * Kysely on the embedded PGlite. PGlite is one connection, so callers take turns: a transaction holds the
 * connection until it commits, and every other query waits for it.
 */
export class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: DatabaseConnection;

  constructor(client: PGlite) {
    this.connection = {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        // Without parameters a text may hold several statements (the scope's BEGIN and settings), which only the
        // simple protocol (`exec`) accepts; the last statement's result is the answer.
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
        throw new Error('streaming is not supported on PGlite');
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

  private readonly releases: (() => void)[] = [];

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
