import type { Database } from '../../db/index.ts';
import { type BulkColumn, insertByColumns } from '../../db/bulk-insert.ts';
import { nextId } from '../../lib/id.ts';
import { pruneByTenantDays } from '../../lib/retention.ts';
import type { ApiCall, CallLog, ServerError } from '../../plugins/api-log.ts';

export type ApiEntry = ApiCall;

export interface UsualEntry {
  tenantId: string;
  event: string;
  data: string;
  uri?: string;
  ip?: string;
  userAgent?: string;
  userId?: string;
  account?: string;
  level?: 'info' | 'warn' | 'error';
}

export type ErrorEntry = ServerError;

/** The columns each log's batch writes, with the types their text is cast to. */
const text = (...names: string[]): BulkColumn[] => names.map((name) => ({ name, type: 'text' }));
const API_COLUMNS: BulkColumn[] = [
  ...text('tenant_id'),
  { name: 'id', type: 'bigint' },
  ...text('method', 'request_uri', 'params'),
  { name: 'status', type: 'int' },
  { name: 'time', type: 'int' },
  ...text('remote_ip', 'user_agent', 'create_by'),
];
const USUAL_COLUMNS: BulkColumn[] = [
  ...text('tenant_id'),
  { name: 'id', type: 'bigint' },
  ...text('log_level', 'log_id', 'log_data', 'request_uri', 'remote_ip', 'user_agent'),
  { name: 'user_id', type: 'bigint' },
  ...text('create_by'),
];
const ERROR_COLUMNS: BulkColumn[] = [
  ...text('tenant_id'),
  { name: 'id', type: 'bigint' },
  ...text('source', 'type', 'method', 'request_uri', 'remote_ip', 'user_agent', 'message', 'stack_trace'),
  ...text('create_by'),
];

const FLUSH_MS = 1_000;
const BATCH = 500;
const MAX_BUFFER = 20_000;
export const RETENTION_PARAM = 'log.retentionDays';
const DEFAULT_RETENTION_DAYS = 90;

/**
 * The three logs. Entries are buffered and written in batches off the request path (an API log row per call must
 * not cost the call a write); the error log keeps server exceptions with their stack, never shown to clients.
 */
export class LogService implements CallLog {
  private api: ApiEntry[] = [];
  private usualBuf: UsualEntry[] = [];
  private errors: ErrorEntry[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly database: Database) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), FLUSH_MS);
    this.timer.unref();
  }

  /** Writes everything still buffered (a batch at a time). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.api.length + this.usualBuf.length + this.errors.length > 0) {
      await this.flush();
    }
  }

  private push<T>(buf: T[], entry: T): void {
    if (buf.length < MAX_BUFFER) {
      buf.push(entry);
    }
  }

  apiCall(e: ApiEntry): void {
    this.push(this.api, e);
  }

  usual(e: UsualEntry): void {
    this.push(this.usualBuf, e);
  }

  exception(e: ErrorEntry): void {
    this.push(this.errors, e);
  }

  async flush(): Promise<void> {
    const [api, usual, errors] = [
      this.api.splice(0, BATCH),
      this.usualBuf.splice(0, BATCH),
      this.errors.splice(0, BATCH),
    ];
    if (api.length + usual.length + errors.length === 0) {
      return;
    }
    const db = this.database.db;
    await this.database.run({ allTenants: true }, async () => {
      await insertByColumns(
        db,
        'yuan_log_api',
        API_COLUMNS,
        api.map((e) => ({
          tenant_id: e.tenantId,
          id: nextId(),
          method: e.method.slice(0, 16),
          request_uri: e.uri.slice(0, 2048),
          params: e.params.slice(0, 4000),
          status: e.status,
          time: Math.round(e.ms),
          remote_ip: e.ip.slice(0, 64),
          user_agent: e.userAgent.slice(0, 512),
          create_by: e.account.slice(0, 64),
        })),
      );
      await insertByColumns(
        db,
        'yuan_log_usual',
        USUAL_COLUMNS,
        usual.map((e) => ({
          tenant_id: e.tenantId,
          id: nextId(),
          log_level: e.level ?? 'info',
          log_id: e.event.slice(0, 64),
          log_data: e.data.slice(0, 4000),
          request_uri: (e.uri ?? '').slice(0, 2048),
          remote_ip: (e.ip ?? '').slice(0, 64),
          user_agent: (e.userAgent ?? '').slice(0, 512),
          user_id: e.userId ?? null,
          create_by: (e.account ?? '').slice(0, 64),
        })),
      );
      await insertByColumns(
        db,
        'yuan_log_error',
        ERROR_COLUMNS,
        errors.map((e) => {
          const err = e.error instanceof Error ? e.error : new Error(String(e.error));
          return {
            tenant_id: e.tenantId,
            id: nextId(),
            source: 'server',
            type: err.name.slice(0, 64),
            method: e.method.slice(0, 16),
            request_uri: e.uri.slice(0, 2048),
            remote_ip: e.ip.slice(0, 64),
            user_agent: e.userAgent.slice(0, 512),
            message: err.message.slice(0, 4000),
            stack_trace: (err.stack ?? '').slice(0, 20_000),
            create_by: e.account.slice(0, 64),
          };
        }),
      );
    });
    if (this.api.length + this.usualBuf.length + this.errors.length > 0) {
      await this.flush();
    }
  }

  /** Deletes entries older than each tenant's log.retentionDays parameter (default 90 days). Returns rows removed. */
  sweep(): Promise<number> {
    const tables = ['yuan_log_api', 'yuan_log_usual', 'yuan_log_error'];
    return pruneByTenantDays(this.database, tables, RETENTION_PARAM, DEFAULT_RETENTION_DAYS);
  }
}
