import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { platform } from 'node:os';
import { join } from 'node:path';
import type { Binaries } from './binaries.ts';
import { EmbeddedError } from './errors.ts';
import { type Profile, settingsFile } from './settings.ts';
import { handOver, runAs, type ServerUser } from './server-user.ts';

/** One embedded cluster: its folder (DATA_DIR/pg), the programs, and the user they run as. */
export interface Cluster {
  dataDir: string;
  pgDir: string;
  bin: Binaries;
  user: ServerUser;
  profile: Profile;
  log: (line: string) => void;
}

export const SUPERUSER = 'postgres';
const INCLUDE = "include 'yuan.conf'";
const STARTUP_LOG = 'startup.log';

/** A folder initdb has filled (PG_VERSION) and this app has configured (yuan.conf). */
export const isCluster = (pgDir: string) =>
  existsSync(join(pgDir, 'PG_VERSION')) && existsSync(join(pgDir, 'yuan.conf'));

/**
 * Creates the cluster: initdb into a fresh folder next to DATA_DIR/pg, moved into place once complete, so a crash
 * midway leaves no half-made cluster behind. UTF-8 with the built-in C.UTF-8 locale, as PGlite had it (code-point
 * order, Unicode case rules) and whatever locales the host has; scram-sha-256 with the generated password.
 */
export async function initCluster(c: Cluster, password: string): Promise<void> {
  for (const name of readdirSync(c.dataDir)) {
    if (name.startsWith('pg.init-')) {
      rmSync(join(c.dataDir, name), { recursive: true, force: true });
    }
  }
  if (existsSync(c.pgDir) && readdirSync(c.pgDir).length > 0) {
    throw new EmbeddedError(
      `${c.pgDir} holds files that are not this app's database: move them away, or set DATA_DIR`,
    );
  }
  const fresh = join(c.dataDir, `pg.init-${process.pid}`);
  const pwFile = join(c.dataDir, `pg.init-${process.pid}-password`);
  mkdirSync(fresh, { mode: 0o700 });
  handOver(c.user, fresh);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  handOver(c.user, pwFile);
  try {
    const ran = await runAs(
      c.user,
      c.bin.initdb,
      [
        '-D',
        fresh,
        '-U',
        SUPERUSER,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '-E',
        'UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-instructions',
        ...(c.profile === 'test' ? ['--no-sync'] : []),
      ],
      c.bin.env,
    );
    if (ran.code !== 0) {
      throw new EmbeddedError(`initdb failed for ${c.pgDir}:\n${ran.output}`);
    }
  } finally {
    unlinkSync(pwFile);
  }
  appendFileSync(join(fresh, 'postgresql.conf'), `\n${INCLUDE}\n`);
  writeSettings(c, fresh);
  if (existsSync(c.pgDir)) {
    rmSync(c.pgDir, { recursive: true });
  }
  // A rename within DATA_DIR: the cluster is complete or absent.
  renameSync(fresh, c.pgDir);
}

function writeSettings(c: Cluster, pgDir: string) {
  const file = join(pgDir, 'yuan.conf');
  // The socket goes where the cluster finally lives (initdb ran in a temporary folder).
  writeFileSync(file, settingsFile(c.pgDir, c.profile), { mode: 0o600 });
  handOver(c.user, file);
}

/** The command line of a process, or undefined when it is gone. */
function commandOf(pid: number): string | undefined {
  try {
    if (platform() === 'linux') {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    }
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
}

/** The postmaster this cluster's postmaster.pid names, when that process is still this cluster's server. */
export function runningPid(pgDir: string): number | undefined {
  const file = join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) {
    return undefined;
  }
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  if (!(pid > 0)) {
    return undefined;
  }
  const command = commandOf(pid);
  return command?.includes('postgres') && command.includes(`-D ${pgDir}`) ? pid : undefined;
}

const gone = async (pid: number, ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (commandOf(pid) === undefined) {
      return true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

/**
 * A server still running on the cluster although no app holds DATA_DIR (its app was killed with -9) is stopped
 * (fast: its sessions are the dead app's). A postmaster.pid whose number now belongs to another process is removed:
 * PostgreSQL would take it for a running server and refuse to start.
 */
async function clearLeftovers(c: Cluster): Promise<void> {
  const pid = runningPid(c.pgDir);
  if (pid === undefined) {
    // The lock files of a server that is gone (its socket's too) may name a process that now is another one.
    for (const name of readdirSync(c.pgDir)) {
      if (name === 'postmaster.pid' || /^\.s\.PGSQL\.\d+(\.lock)?$/.test(name)) {
        rmSync(join(c.pgDir, name), { force: true });
      }
    }
    return;
  }
  c.log(
    `Stopping the database server (pid ${pid}) an earlier process of Yuan Admin left running in ${c.pgDir}`,
  );
  await stopCluster(c, 'fast');
  if (!(await gone(pid, 30_000))) {
    process.kill(pid, 'SIGQUIT');
    if (!(await gone(pid, 10_000))) {
      throw new EmbeddedError(`The database server (pid ${pid}) left running in ${c.pgDir} does not stop`);
    }
  }
}

/** What the server wrote at its last start, for an error message. */
function lastLog(pgDir: string): string {
  const parts: string[] = [];
  const startup = join(pgDir, STARTUP_LOG);
  if (existsSync(startup)) {
    parts.push(readFileSync(startup, 'utf8').split('\n').slice(-15).join('\n'));
  }
  const logDir = join(pgDir, 'log');
  if (existsSync(logDir)) {
    const newest = readdirSync(logDir)
      .map((name) => join(logDir, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    if (newest) {
      parts.push(readFileSync(newest, 'utf8').split('\n').slice(-15).join('\n'));
    }
  }
  return parts.join('\n');
}

/** Starts the server (detached in its own session by pg_ctl) and returns its pid once it accepts connections. */
export async function startCluster(c: Cluster): Promise<number> {
  await clearLeftovers(c);
  const conf = join(c.pgDir, 'postgresql.conf');
  if (!readFileSync(conf, 'utf8').includes(INCLUDE)) {
    appendFileSync(conf, `\n${INCLUDE}\n`);
  }
  writeSettings(c, c.pgDir);
  const ran = await runAs(
    c.user,
    c.bin.pgCtl,
    ['start', '-D', c.pgDir, '-w', '-t', '120', '-s', '-l', join(c.pgDir, STARTUP_LOG)],
    c.bin.env,
    150_000,
  );
  const pid = runningPid(c.pgDir);
  if (ran.code !== 0 || pid === undefined) {
    throw new EmbeddedError(
      `The database server in ${c.pgDir} did not start:\n${ran.output}\n${lastLog(c.pgDir)}`,
    );
  }
  return pid;
}

/** `fast` ends the sessions and writes a checkpoint; `immediate` just ends (the next start recovers from WAL). */
export async function stopCluster(c: Cluster, mode: 'fast' | 'immediate'): Promise<void> {
  await runAs(
    c.user,
    c.bin.pgCtl,
    ['stop', '-D', c.pgDir, '-m', mode, '-w', '-t', '60', '-s'],
    c.bin.env,
    70_000,
  );
}
