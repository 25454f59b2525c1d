import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { binaries } from './binaries.ts';
import { type Cluster, initCluster, isCluster, startCluster, stopCluster, SUPERUSER } from './cluster.ts';
import { EmbeddedError } from './errors.ts';
import { lockDataDir } from './lock.ts';
import { finishImport, importPglite, setAsidePglite } from './pglite-import.ts';
import { type Profile, SOCKET_PORT } from './settings.ts';
import { runAs, serverUser } from './server-user.ts';

export { EmbeddedError } from './errors.ts';

/** The app's PostgreSQL server, started by the app in DATA_DIR/pg. */
export interface EmbeddedPostgres {
  /** The app's database (`yuan`), through the cluster's socket. */
  url: string;
  urlOf(database: string): string;
  /** The postmaster's process id. */
  pid: number;
  pgDir: string;
  /** Stops the server (fast shutdown) and lets DATA_DIR go; safe to call more than once. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  profile?: Profile;
  /** Progress worth telling the operator (a first start, an import, a leftover server stopped). */
  log?: (line: string) => void;
}

export const APP_DATABASE = 'yuan';
const PASSWORD_FILE = 'postgres-password';

/** The superuser's password, generated once and kept in DATA_DIR (mode 0600). */
function keptPassword(dataDir: string, clusterExists: boolean): string {
  const file = join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) {
    return readFileSync(file, 'utf8').trim();
  }
  if (clusterExists) {
    throw new EmbeddedError(
      `${file} is missing: the database in ${join(dataDir, 'pg')} cannot be opened without it. Restore the file ` +
        'from a backup of DATA_DIR.',
    );
  }
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

async function createDatabase(url: string, name: string, replace: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    if (replace) {
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    }
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    }
  } finally {
    await client.end();
  }
}

/** The socket's path has to fit a unix socket address (107 bytes on Linux, 103 elsewhere). */
function checkSocketPath(pgDir: string): void {
  const path = join(pgDir, `.s.PGSQL.${SOCKET_PORT}`);
  const max = process.platform === 'linux' ? 107 : 103;
  if (Buffer.byteLength(path) > max) {
    throw new EmbeddedError(
      `The database's socket ${path} would be longer than the ${max} bytes a socket address holds: use a shorter ` +
        'DATA_DIR, or set DATABASE_URL',
    );
  }
}

/** Running as root, the server user must reach DATA_DIR and the programs (a home folder of mode 0700 blocks it). */
async function checkReach(cluster: Cluster): Promise<void> {
  if (cluster.user.uid === undefined) {
    return;
  }
  const ran = await runAs(
    cluster.user,
    '/bin/sh',
    ['-c', 'test -x "$1" && test -x "$2"', 'sh', cluster.dataDir, cluster.bin.postgres],
    {},
  );
  if (ran.code !== 0) {
    throw new EmbeddedError(
      `Running as root, the embedded PostgreSQL runs as the system user "${cluster.user.name}", which cannot reach ` +
        `${cluster.dataDir} or ${cluster.bin.postgres}: let it through the parent folders (chmod o+x), put the app ` +
        'and DATA_DIR elsewhere, run as another user, or set DATABASE_URL',
    );
  }
}

/**
 * Takes DATA_DIR (refusing when another process has it), creates the cluster on first use (importing a PGlite
 * database an earlier version left in DATA_DIR/pg), starts the server and creates the app's database.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  mkdirSync(options.dataDir, { recursive: true });
  const dataDir = realpathSync(options.dataDir);
  const pgDir = join(dataDir, 'pg');
  checkSocketPath(pgDir);
  const lock = await lockDataDir(dataDir);
  let cluster: Cluster | undefined;
  let started = false;
  try {
    cluster = {
      dataDir,
      pgDir,
      bin: binaries(join(dataDir, 'pg-lib')),
      user: serverUser(),
      profile: options.profile ?? 'app',
      log,
    };
    await checkReach(cluster);
    const importFrom = setAsidePglite(dataDir, cluster.pgDir, log);
    const fresh = !isCluster(cluster.pgDir);
    const password = keptPassword(dataDir, !fresh);
    if (fresh) {
      log(`Creating the database in ${cluster.pgDir}`);
      await initCluster(cluster, password);
    }
    const pid = await startCluster(cluster);
    started = true;
    const urlOf = (database: string) =>
      `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@localhost:${SOCKET_PORT}/${database}` +
      `?host=${encodeURIComponent(pgDir)}`;
    await createDatabase(urlOf('postgres'), APP_DATABASE, importFrom !== undefined);
    if (importFrom !== undefined) {
      await importPglite(importFrom, urlOf(APP_DATABASE), log);
      finishImport(dataDir);
    }
    return handle(cluster, pid, urlOf, lock.release);
  } catch (error) {
    if (started && cluster) {
      await stopCluster(cluster, 'fast');
    }
    await lock.release();
    throw error;
  }
}

function handle(
  cluster: Cluster,
  pid: number,
  urlOf: (database: string) => string,
  release: () => Promise<void>,
): EmbeddedPostgres {
  let stopping: Promise<void> | undefined;
  // Whatever ends the process (an uncaught error, process.exit) ends the server too, with a fast shutdown; only
  // kill -9 leaves it running, for the next start to stop.
  const onExit = () => {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', onExit);
  return {
    url: urlOf(APP_DATABASE),
    urlOf,
    pid,
    pgDir: cluster.pgDir,
    stop() {
      stopping ??= (async () => {
        try {
          await stopCluster(cluster, cluster.profile === 'test' ? 'immediate' : 'fast');
        } finally {
          process.off('exit', onExit);
          await release();
        }
      })();
      return stopping;
    },
  };
}
