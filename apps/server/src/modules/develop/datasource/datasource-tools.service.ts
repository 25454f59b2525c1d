import { DEFAULT_TENANT_ID } from '@yuan/contract';
import pg from 'pg';
import type { Database, Kdb } from '../../../db/index.ts';
import { AppError, forbidden, notFound } from '../../../lib/errors.ts';
import { publicAddress } from '../../../lib/net-guard.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';

const TIMEOUT_MS = 5_000;
const NAME = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

export interface TableInfo {
  schema: string;
  name: string;
}
export interface ColumnInfo {
  name: string;
  dataType: string;
  nullable: boolean;
  maxLength: number | null;
  hasDefault: boolean;
}

interface Target {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/** Parses a datasource URL (`jdbc:postgresql://host:port/db?…` or `postgres://…`); only PostgreSQL can be reached. */
export function targetOf(
  url: string,
  user: string,
  password: string,
): Omit<Target, 'host'> & { host: string } {
  const match = /^(?:jdbc:)?(postgresql|postgres|mysql):\/\/([^/?#]+)(?:\/([^?#]*))?/i.exec(url);
  if (!match) {
    throw new AppError(400, 'datasource.url');
  }
  if (match[1]?.toLowerCase() === 'mysql') {
    throw new AppError(400, 'datasource.driver', { driver: 'mysql' });
  }
  const authority = (match[2] ?? '').replace(/^.*@/, '');
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(authority);
  const [host, port] = bracketed ? [bracketed[1] ?? '', bracketed[2]] : authority.split(':');
  const portNumber = port ? Number(port) : 5432;
  if (!host || !Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65_535) {
    throw new AppError(400, 'datasource.url');
  }
  return { host, port: portNumber, database: decodeURIComponent(match[3] || 'postgres'), user, password };
}

/**
 * The datasource screen's `test` button and the code generator's table and column lists: connects (5 s) to the
 * datasource's PostgreSQL — never to an internal address unless DATASOURCE_ALLOW lists it — as its user; the
 * password is opened on the server and never answered.
 */
export class DatasourceToolsService {
  constructor(
    private readonly database: Database,
    private readonly db: Kdb,
    private readonly box: SecretBox,
    private readonly allow: readonly string[],
  ) {}

  private async target(tenantId: string, id: string): Promise<Target> {
    // Datasources are platform records: other tenants neither see nor reach them.
    if (tenantId !== DEFAULT_TENANT_ID) {
      throw forbidden();
    }
    // A short unit of work: nothing is held while the outside server answers.
    const row = await this.database.run({ tenantId }, () =>
      this.db
        .selectFrom('yuan_datasource')
        .select(['url', 'username', 'password'])
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
    );
    if (!row) {
      throw notFound();
    }
    return targetOf(row.url, row.username, this.box.open(row.password));
  }

  /** Runs `fn` on a fresh connection to the datasource, closed afterwards. */
  async withClient<T>(tenantId: string, id: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const target = await this.target(tenantId, id);
    const address = await publicAddress(target.host, target.port, this.allow);
    const client = new pg.Client({
      host: address,
      port: target.port,
      database: target.database,
      user: target.user,
      password: target.password,
      connectionTimeoutMillis: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
      statement_timeout: TIMEOUT_MS,
      application_name: 'yuan-admin',
    });
    // A server that drops the connection later must not take the process down.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw new AppError(400, 'datasource.connectFailed', { detail: reason(error, target.password) });
    }
    try {
      return await fn(client);
    } catch (error) {
      throw error instanceof AppError
        ? error
        : new AppError(400, 'datasource.connectFailed', { detail: reason(error, target.password) });
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async test(tenantId: string, id: string): Promise<{ version: string; elapsedMs: number }> {
    const started = performance.now();
    const version = await this.withClient(tenantId, id, async (client) => {
      const result = await client.query<{ server_version: string }>('SHOW server_version');
      return result.rows[0]?.server_version ?? '';
    });
    return { version, elapsedMs: Math.round(performance.now() - started) };
  }

  async tables(tenantId: string, id: string): Promise<TableInfo[]> {
    return this.withClient(tenantId, id, async (client) => {
      const result = await client.query<TableInfo>(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
         WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'
         ORDER BY 1, 2 LIMIT 2000`,
      );
      return result.rows;
    });
  }

  async columns(tenantId: string, id: string, table: string, schema = 'public'): Promise<ColumnInfo[]> {
    if (!NAME.test(table) || !NAME.test(schema)) {
      throw new AppError(400, 'datasource.table', { name: table });
    }
    return this.withClient(tenantId, id, async (client) =>
      readColumns(async (text, params) => (await client.query(text, params)).rows, schema, table),
    );
  }
}

/** Runs one parameterised read and answers its rows (a datasource's client, or the app's own database). */
export type ReadRows = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** A table's columns from information_schema, in order; refused when the table is not there. */
export async function readColumns(query: ReadRows, schema: string, table: string): Promise<ColumnInfo[]> {
  const rows = (await query(
    `SELECT column_name AS name, data_type, is_nullable, character_maximum_length AS max_length,
            column_default IS NOT NULL AS has_default
     FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
    [schema, table],
  )) as {
    name: string;
    data_type: string;
    is_nullable: string;
    max_length: number | null;
    has_default: boolean;
  }[];
  if (rows.length === 0) {
    throw new AppError(400, 'datasource.table', { name: table });
  }
  return rows.map((c) => ({
    name: c.name,
    dataType: c.data_type,
    nullable: c.is_nullable === 'YES',
    maxLength: c.max_length,
    hasDefault: c.has_default,
  }));
}

/** The driver's reason, without the password should a server echo it. */
function reason(error: unknown, password: string): string {
  const text = String((error as Error).message ?? error).slice(0, 300);
  return password ? text.split(password).join('***') : text;
}
