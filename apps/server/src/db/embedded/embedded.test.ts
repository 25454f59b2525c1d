import { rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/process/embedded-process.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './index.ts';
import { lockDataDir } from './lock.ts';

const EVENTS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'beforeExit', 'message'] as const;

describe('the embedded PostgreSQL', () => {
  const dataDir = tempDataDir();
  let embedded: EmbeddedPostgres;
  let listenersBefore: number[];
  beforeAll(async () => {
    listenersBefore = EVENTS.map((e) => process.listenerCount(e));
    embedded = await startEmbeddedPostgres({ dataDir, log: () => undefined });
  }, 120_000);
  afterAll(async () => {
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the signals to the app: it adds no handler of its own', () => {
    expect(EVENTS.map((e) => process.listenerCount(e))).toEqual(listenersBefore);
  });

  it('serves the app database through a socket in its folder, with the generated password kept 0600 and its WAL bounds', async () => {
    expect(statSync(join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    const { rows } = await client.query(
      `SELECT current_database() AS db, current_setting('listen_addresses') AS tcp,
        current_setting('fsync') AS fsync, current_setting('TimeZone') AS zone,
        current_setting('max_wal_size') AS "maxWal", current_setting('wal_buffers') AS "walBuffers",
        (SELECT datlocale FROM pg_database WHERE datname = current_database()) AS locale`,
    );
    await client.end();
    expect(rows[0]).toEqual({
      db: 'yuan',
      tcp: '',
      fsync: 'on',
      zone: 'UTC',
      // A burst of writes must not set off a checkpoint every few seconds (settings.ts).
      maxWal: '1GB',
      walBuffers: '16MB',
      locale: 'C.UTF-8',
    });
    const wrong = new URL(embedded.url);
    wrong.password = 'not-the-password';
    await expect(new pg.Client({ connectionString: wrong.toString() }).connect()).rejects.toThrow(
      /password authentication failed/,
    );
  });

  it('refuses a DATA_DIR whose socket path would not fit a socket address, saying so', async () => {
    const long = join(tempDataDir(), 'x'.repeat(90));
    await expect(startEmbeddedPostgres({ dataDir: long, log: () => undefined })).rejects.toThrow(
      /would be longer than the \d+ bytes a socket address holds: use a shorter DATA_DIR, or set DATABASE_URL/,
    );
    rmSync(dirname(long), { recursive: true, force: true });
  });

  it('refuses the folder to a second holder, naming it, and lets it go when released', async () => {
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `The data folder ${dataDir} is in use by process ${process.pid}`,
    );
    const other = tempDataDir();
    const lock = await lockDataDir(other);
    await lock.release();
    await (await lockDataDir(other)).release();
    rmSync(other, { recursive: true, force: true });
  });
});
