import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { freePort } from './loopback.ts';
import { binaries, letServerIn, SERVER_USER } from './outside-postgres.ts';

/** A PostgreSQL server of the test's own, which it may stall, resume and restart under the app's feet. */
export interface OwnPostgres {
  /** postgres:// URL of database `yuan`, user `yuan` (trusted). */
  url: string;
  /** Runs SQL through psql while this process waits: the app's sockets hear of nothing meanwhile. */
  psql(text: string): string;
  /** SIGSTOP to the server and all its processes: sockets stay open, nothing answers. */
  stall(): void;
  /** SIGCONT to them. */
  resume(): void;
  /** `pg_ctl restart -m fast`: every session is ended; resolves once the server takes connections again. */
  restart(): Promise<void>;
}

const run = promisify(execFile);

/** Starts the server before the file's tests (initdb, pg_ctl start) and removes it after them. */
export function useOwnPostgres(): () => OwnPostgres {
  const dir = mkdtempSync(join(tmpdir(), 'yuan-own-pg-'));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: run it as the postgres user then (CI runs as root).
  const asUser = SERVER_USER;
  const command = (file: string, args: string[]) => [...asUser, file, ...args] as [string, ...string[]];
  const sync = (file: string, args: string[]) => {
    const [head, ...rest] = command(file, args);
    return execFileSync(head, rest, { stdio: 'pipe' }).toString();
  };
  let own: OwnPostgres | undefined;
  let stalled = false;
  // Each server process runs in a session of its own: the postmaster first (so it forks no more), then its children.
  const processes = () => {
    const postmaster = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '';
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', postmaster]).toString();
    return [postmaster, ...children.split('\n')].map((pid) => Number(pid.trim())).filter((pid) => pid > 0);
  };
  const signal = (name: NodeJS.Signals) => {
    for (const pid of processes()) {
      process.kill(pid, name);
    }
  };

  beforeAll(async () => {
    const bin = binaries();
    letServerIn(dir);
    const port = await freePort();
    sync(join(bin, 'initdb'), ['-D', data, '-U', 'yuan', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    sync(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      'start',
    ]);
    const psql = (text: string) =>
      sync(join(bin, 'psql'), ['-h', dir, '-p', String(port), '-U', 'yuan', '-d', 'postgres', '-Atc', text]);
    psql('CREATE DATABASE yuan');
    own = {
      url: `postgres://yuan@127.0.0.1:${port}/yuan`,
      psql,
      stall() {
        signal('SIGSTOP');
        stalled = true;
      },
      resume() {
        signal('SIGCONT');
        stalled = false;
      },
      async restart() {
        const [head, ...rest] = command(join(bin, 'pg_ctl'), [
          '-D',
          data,
          '-l',
          join(dir, 'log'),
          '-w',
          '-m',
          'fast',
          'restart',
        ]);
        await run(head, rest);
      },
    };
  }, 60_000);

  // A test that failed while the server was stalled leaves it running for the hooks and tests after it.
  afterEach(() => {
    if (stalled) {
      own?.resume();
    }
  });
  afterAll(() => {
    try {
      if (stalled) {
        own?.resume();
      }
      sync(join(binaries(), 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  return () => {
    if (!own) {
      throw new Error('the server starts in beforeAll');
    }
    return own;
  };
}
