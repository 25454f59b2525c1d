import pg from 'pg';
import { DatabaseUnavailable } from './unavailable.ts';

/** Errors the server sends while it cannot take sessions: starting up or shutting down (57P03), full (53300). */
const NOT_NOW = new Set(['57P03', '53300']);

/**
 * What every session starts with (PostgreSQL's `options` start-up parameter), beside what the address asks for.
 * A trigram index keeps rows written since its last merge in a pending list that every contains-search reads in full;
 * at the server's default of 4 MB a search of 100,000 rows took 5 ms instead of 1.2 ms until autovacuum came. A
 * 256 kB list is merged by the write that fills it; a bulk import raises it for its own unit (decision 0052).
 */
export const SESSION_OPTIONS = '-c gin_pending_list_limit=256kB';

/** The config with SESSION_OPTIONS added: to an address's own `options` when it has them (they take precedence). */
export function withSessionOptions(config: pg.ClientConfig): pg.ClientConfig {
  const address = config.connectionString;
  if (address && /[?&]options=/.test(address)) {
    const url = new URL(address);
    url.searchParams.set('options', `${url.searchParams.get('options')} ${SESSION_OPTIONS}`);
    return { ...config, connectionString: url.toString() };
  }
  return { ...config, options: [config.options, SESSION_OPTIONS].filter(Boolean).join(' ') };
}

/**
 * A new session, ready within the config's `connectionTimeoutMillis`, or DatabaseUnavailable when the server is not
 * there, does not answer, or cannot take one now.
 */
export async function openSession(config: pg.ClientConfig): Promise<pg.Client> {
  const client = new pg.Client(config);
  // Errors after a failed connect have nobody to go to.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    dropSession(client);
    const { code, severity } = (error ?? {}) as { code?: string; severity?: string };
    if (severity === undefined || NOT_NOW.has(code ?? '')) {
      throw new DatabaseUnavailable('connect', error);
    }
    // Refused for a reason an operator must fix (password, database name): not something to try again.
    throw error;
  }
  return client;
}

/**
 * Ends a session without a goodbye: a server that does not answer would never acknowledge one. pg closes its socket
 * this way itself when a query is under way; the socket is reached directly because `end()` waits otherwise.
 */
export function dropSession(client: pg.Client): void {
  const socket = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  if (socket) {
    socket.destroy();
  } else {
    client.end().catch(() => undefined);
  }
}

/** Whether `work` settles within `ms` (it goes on either way). */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = work.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the server answers `SELECT 1` on a new session within `ms`. */
export async function serverAnswers(config: pg.ClientConfig, ms: number): Promise<boolean> {
  let client: pg.Client | undefined;
  const answered = (async () => {
    client = await openSession(config);
    await client.query('SELECT 1');
    return true;
  })().catch((error: unknown) => {
    // A refusal (full, starting up, a wrong password) still comes from a server that answers.
    const refusal = error instanceof DatabaseUnavailable ? error.cause : error;
    return (
      client === undefined && typeof (refusal as { severity?: unknown } | undefined)?.severity === 'string'
    );
  });
  const alive = (await within(answered, ms)) && (await answered);
  // A session that came too late is not waited for; it is dropped when it is made.
  void answered.then(() => (alive ? client?.end().catch(() => undefined) : client && dropSession(client)));
  return alive;
}
