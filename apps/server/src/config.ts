import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CAPTCHA_MODES, type CaptchaMode, jsonText } from '@yuan/contract';
import { z } from 'zod';
import { ANSWER_MARGIN_MS, POOL_DEFAULTS, type PoolLimits } from './db/pg-driver.ts';
import type { SqlLimits } from './lib/sql-guard/sql-runner.ts';
import { parseAllowEntry } from './lib/egress/addresses.ts';

/** A comma-separated variable's entries, trimmed and in lower case. */
const list = (text: string) =>
  text
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional(),
  // The pool of database sessions (decision 0035): size, wait for a free one, connect and statement timeouts.
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1_000).default(POOL_DEFAULTS.max),
  DB_POOL_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(POOL_DEFAULTS.waitMs),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(POOL_DEFAULTS.connectMs),
  DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(86_400_000)
    .default(POOL_DEFAULTS.statementMs),
  // Redis for the web chat's fan-out between server processes (redis:// or rediss://, optional user:password@ and /db).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'a redis:// or rediss:// address')
    .optional(),
  ADMIN_PASSWORD: z.string().min(6).max(128).optional(),
  JWT_SECRET: z.string().optional(),
  DATA_KEY: z.string().optional(),
  // 32 bytes as 64 hex digits or base64: the key of the encrypted service calls (s/c); unset, s/c is off.
  SERVICE_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, '32 bytes as 64 hex digits or base64')
    .optional(),
  // An EVM node for the wallet area; unset, an embedded anvil runs with its state in DATA_DIR/chain.
  CHAIN_RPC_URL: z.url().optional(),
  CHAIN_ID: z.coerce.number().int().min(1).optional(),
  TREASURY_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a private key: 0x and 64 hex digits')
    .optional(),
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(0).max(100).default(0),
  // Hosts a script's http.fetch may reach, comma-separated: host, host:port or *.domain; unset, none.
  SCRIPT_HTTP_ALLOW: z.string().max(4000).optional(),
  // Worker threads that run scripts (one script each at a time); unset, one per core, at least 2 and at most 8.
  SCRIPT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  // Triggers (decision 0054): how often the outbox is looked at, and the first retry's delay (doubled per retry).
  TRIGGER_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1_000),
  TRIGGER_RETRY_SECONDS: z.coerce.number().min(0.05).max(3_600).default(10),
  // The SQL editor's and reports' limits: statement timeout, rows answered, planner cost refused above.
  SQL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  SQL_ROW_CAP: z.coerce.number().int().min(1).max(100_000).default(1_000),
  SQL_COST_CAP: z.coerce.number().min(1).default(10_000_000),
  // Hosts a datasource may point at although private or loopback, comma-separated: host, host:port or CIDR.
  DATASOURCE_ALLOW: z.string().max(4000).optional(),
  // Internal addresses any tenant-set destination (storage endpoint, datasource, script http.fetch) may reach,
  // comma-separated: host, host:port, IP, IP:port, [IPv6]:port or CIDR; unset, none.
  EGRESS_ALLOW: z
    .string()
    .max(4000)
    .refine(
      (text) => list(text).every((entry) => parseAllowEntry(entry) !== undefined),
      'comma-separated host, host:port, IP, IP:port, [IPv6]:port or CIDR entries',
    )
    .optional(),
  CAPTCHA_MODE: z.enum(CAPTCHA_MODES).default('slide'),
  TENANT_MODE: bool,
  SWITCH_MODE: bool,
  WEB_CLIENT_ID: z.string().min(1).default('yuan-web'),
  WEB_CLIENT_SECRET: z.string().min(8).default('yuan-web-secret'),
  // On SIGTERM/SIGINT: how long calls in flight may take to finish before their connections are cut.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_LOG: z.enum(['writes', 'all', 'off']).default('writes'),
  WEB_DIST: z.string().optional(),
  // Tiles of the map field, e.g. https://tiles.example.com/{z}/{x}/{y}.png; unset, no page calls a tile server.
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}/, 'an http(s) address with {z}, {x} and {y}')
    .optional(),
  // The reverse proxies whose X-Forwarded-For names the caller (addresses or CIDR ranges, comma-separated), e.g.
  // 127.0.0.1,10.0.0.0/8; unset, the caller is whoever opened the connection.
  TRUST_PROXY: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .refine(
      (parts) =>
        parts.every((part) => isIP(part.split('/')[0] ?? '') !== 0 && /^[^/]+(\/\d{1,3})?$/.test(part)),
      'addresses or CIDR ranges, comma-separated',
    )
    .optional(),
  // Whoever sends it as a bearer token reads GET /metrics; unset, only a caller on this machine (not through a proxy).
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  // Base URLs of the SMS providers' APIs, e.g. {"yunpian":"http://127.0.0.1:9000"} (a gateway or a test peer).
  SMS_ENDPOINTS: jsonText(
    z.partialRecord(z.enum(['aliyun', 'tencent', 'qiniu', 'yunpian']), z.url()),
    'SMS_ENDPOINTS must be a JSON object of provider URLs',
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DB_POOL_MAX, DB_POOL_WAIT_MS, DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS: the pool's limits. */
  pool: PoolLimits;
  /** REDIS_URL: web chat events travel between server processes through Redis pub/sub when set. */
  redisUrl: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: Uint8Array;
  /** DATA_KEY: encrypts stored third-party secrets (storage and SMS keys, datasource passwords). */
  dataKey: Uint8Array;
  /** SERVICE_KEY: AES-256-GCM key of the encrypted service calls; unset, they are off. */
  serviceKey: Uint8Array | undefined;
  /** CHAIN_RPC_URL, CHAIN_ID, TREASURY_KEY, CHAIN_CONFIRMATIONS: the chain of the wallet area. */
  chain: { rpcUrl?: string; chainId?: number; treasuryKey?: `0x${string}`; confirmations: number };
  /** SQL_TIMEOUT_MS, SQL_ROW_CAP, SQL_COST_CAP: what a tenant's query in the SQL editor or a report may take. */
  sql: SqlLimits;
  /** EGRESS_ALLOW: internal addresses every tenant-set outbound connection may reach (see lib/egress). */
  egressAllow: string[];
  /** DATASOURCE_ALLOW: private or loopback hosts a datasource may reach besides EGRESS_ALLOW's. */
  datasourceAllow: string[];
  /** SCRIPT_HTTP_ALLOW: the hosts scripts may call over http(s). */
  scriptHttpAllow: string[];
  /** SCRIPT_WORKERS: the sandbox's worker threads; unset, the sandbox's default (one per core, 2 to 8). */
  scriptWorkers: number | undefined;
  /** TRIGGER_POLL_MS and TRIGGER_RETRY_SECONDS: the outbox's round, and a failed delivery's first wait. */
  triggers: { pollMs: number; retrySeconds: number };
  captchaMode: CaptchaMode;
  tenantMode: boolean;
  switchMode: boolean;
  webClientId: string;
  webClientSecret: string;
  logLevel: string;
  /** SHUTDOWN_GRACE_MS: on a stop signal, how long calls in flight may take to finish (see lib/lifecycle). */
  shutdownGraceMs: number;
  /** API_LOG: which calls the API log keeps (calls that may change data and failures; every call; none). */
  apiLog: 'writes' | 'all' | 'off';
  /** Folder of the built web app; served when it exists. */
  webDist: string;
  /** MAP_TILE_URL: the map field's tile address; unset, the map field shows its coordinates only. */
  mapTileUrl: string | undefined;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For is believed (the sign-in lockout and the logs count callers). */
  trustProxy: string[];
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; unset, it answers loopback callers only. */
  metricsToken: string | undefined;
  /** Overrides of the SMS providers' API base URLs. */
  smsEndpoints: Partial<Record<'aliyun' | 'tencent' | 'qiniu' | 'yunpian', string>>;
  /** The environment, without empty variables: the modules read their own settings from it (mail, social). */
  env: Readonly<NodeJS.ProcessEnv>;
}

export class ConfigError extends Error {}

/** The variable's value, or a secret generated once and kept in DATA_DIR. Shorter than 32 bytes is refused. */
function keptSecret(variable: string, value: string | undefined, dataDir: string): Uint8Array {
  let secret = value;
  if (secret === undefined || secret === '') {
    const file = join(dataDir, variable.toLowerCase().replace('_', '-'));
    if (!existsSync(file)) {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    }
    secret = readFileSync(file, 'utf8').trim();
  }
  const bytes = new TextEncoder().encode(secret);
  if (bytes.length < 32) {
    throw new ConfigError(`${variable} must be at least 32 bytes long`);
  }
  return bytes;
}

/** `NAME=` (as an env file or `docker run --env-file` gives it) means the same as leaving NAME out. */
function withoutEmpty(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
}

export function loadConfig(given: NodeJS.ProcessEnv = process.env): Config {
  const env = withoutEmpty(given);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    pool: {
      max: e.DB_POOL_MAX,
      waitMs: e.DB_POOL_WAIT_MS,
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      // The SQL editor's own timeout may be the longer one; either way the server cancels first.
      answerMs: Math.max(e.DB_STATEMENT_TIMEOUT_MS, e.SQL_TIMEOUT_MS) + ANSWER_MARGIN_MS,
    },
    redisUrl: e.REDIS_URL || undefined,
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: keptSecret('JWT_SECRET', e.JWT_SECRET, dataDir),
    dataKey: keptSecret('DATA_KEY', e.DATA_KEY, dataDir),
    serviceKey: e.SERVICE_KEY
      ? new Uint8Array(Buffer.from(e.SERVICE_KEY, e.SERVICE_KEY.length === 64 ? 'hex' : 'base64'))
      : undefined,
    chain: {
      ...(e.CHAIN_RPC_URL ? { rpcUrl: e.CHAIN_RPC_URL } : {}),
      ...(e.CHAIN_ID ? { chainId: e.CHAIN_ID } : {}),
      ...(e.TREASURY_KEY ? { treasuryKey: e.TREASURY_KEY as `0x${string}` } : {}),
      confirmations: e.CHAIN_CONFIRMATIONS,
    },
    scriptHttpAllow: (e.SCRIPT_HTTP_ALLOW ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    scriptWorkers: e.SCRIPT_WORKERS,
    triggers: { pollMs: e.TRIGGER_POLL_MS, retrySeconds: e.TRIGGER_RETRY_SECONDS },
    sql: { timeoutMs: e.SQL_TIMEOUT_MS, rowCap: e.SQL_ROW_CAP, costCap: e.SQL_COST_CAP },
    egressAllow: list(e.EGRESS_ALLOW ?? ''),
    datasourceAllow: (e.DATASOURCE_ALLOW ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    captchaMode: e.CAPTCHA_MODE,
    tenantMode: e.TENANT_MODE,
    switchMode: e.SWITCH_MODE,
    webClientId: e.WEB_CLIENT_ID,
    webClientSecret: e.WEB_CLIENT_SECRET,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    apiLog: e.API_LOG,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    smsEndpoints: e.SMS_ENDPOINTS,
    mapTileUrl: e.MAP_TILE_URL || undefined,
    metricsToken: e.METRICS_TOKEN || undefined,
    trustProxy: e.TRUST_PROXY ?? [],
    env,
  };
}
