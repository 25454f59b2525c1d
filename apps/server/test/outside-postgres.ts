import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './loopback.ts';

/** The newest PostgreSQL server binaries Debian installed (the `postgresql` package; CI installs it). */
export function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  if (!bin) {
    throw new Error('PostgreSQL server binaries not found: install the postgresql package');
  }
  return bin;
}

/**
 * A throw-away PostgreSQL server of the test's own on a loopback port (an outside database for the datasource
 * tools and the code generator), with a user `reader` / `reader-secret`. Call before `twoTenantApp(...)`.
 */
/** PostgreSQL refuses to run as root: the test servers run as the postgres user then (CI runs as root). */
export const SERVER_USER: string[] = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];

/** Running as root: makes sure the postgres user exists and may write the server's folder. */
export function letServerIn(dir: string): void {
  if (SERVER_USER.length > 0) {
    execFileSync('sh', [
      '-c',
      'id -u postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres',
    ]);
    chmodSync(dir, 0o777);
  }
}

export function useOutsidePostgres(setup: string) {
  const dir = mkdtempSync(join(tmpdir(), 'yuan-outside-pg-'));
  let port = 0;
  const asUser = SERVER_USER;
  const run = (file: string, args: string[]) => {
    const [command, ...rest] = [...asUser, file, ...args] as [string, ...string[]];
    execFileSync(command, rest, { stdio: 'pipe' });
  };
  beforeAll(async () => {
    const bin = binaries();
    letServerIn(dir);
    port = await freePort();
    run(join(bin, 'initdb'), [
      '-D',
      join(dir, 'data'),
      '-U',
      'owner',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '-E',
      'UTF8',
    ]);
    run(join(bin, 'pg_ctl'), [
      '-D',
      join(dir, 'data'),
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    // The owner comes in through the socket (trusted); over TCP every user needs a password.
    const client = new pg.Client({ host: dir, port, user: 'owner', database: 'postgres' });
    await client.connect();
    await client.query("CREATE ROLE reader LOGIN PASSWORD 'reader-secret'");
    await client.query(setup);
    await client.query('GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader');
    await client.end();
  }, 60_000);
  afterAll(() => {
    try {
      run(join(binaries(), 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return { port: () => port };
}
