import { DEFAULT_TENANT_ID } from '@yuan/contract';
import pg from 'pg';
import type { Database, Kdb } from '../../../db/index.ts';
import type { Egress } from '../../../lib/egress/egress.ts';
import { AppError, forbidden, notFound } from '../../../lib/errors.ts';
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
 * datasource's PostgreSQL through the egress guard — never to an internal address unless EGRESS_ALLOW or
 * DATASOURCE_ALLOW lists it, and to the very address that was checked — as its user; the password is opened on the
 * server and never answered.
 */
export class DatasourceToolsService {
  constructor(
    private readonly database: Database,
    private readonly db: Kdb,
    private readonly box: SecretBox,
    private readonly egress: Egress,
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
    const { address } = await this.egress.check(target.host, target.port);
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
      throw new AppError(400, 'datasource.connectFailed', { detail: reason(error, target) });
    }
    try {
      return await fn(client);
    } catch (error) {
      throw error instanceof AppError
        ? error
        : new AppError(400, 'datasource.connectFailed', { detail: reason(error, target) });
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

/** PostgreSQL's codes for what an administrator can fix, in words that name only what was configured. */
const KNOWN: Record<string, (t: Target) => string> = {
  '28P01': (t) => `authentication failed for user "${t.user}"`,
  '28000': (t) => `user "${t.user}" may not connect`,
  '3D000': (t) => `database "${t.database}" does not exist`,
  '53300': () => 'too many connections',
  '57P03': () => 'the server is starting up or shutting down',
};

/**
 * Why the connection or a query failed, from the error's code alone: the server at the other end is of someone's
 * choosing, so its own text (which could carry anything, the password included) is never passed on.
 */
function reason(error: unknown, target: Target): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    const known = KNOWN[code];
    return known ? `${known(target)} (${code})` : `PostgreSQL error ${code}`;
  }
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    return code;
  }
  const message = error instanceof Error ? error.message : '';
  return /timeout/i.test(message)
    ? `no answer within ${TIMEOUT_MS / 1000} s`
    : 'the server did not answer as PostgreSQL';
}
