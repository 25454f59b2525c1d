import { execFile, execFileSync } from 'node:child_process';
import { chownSync } from 'node:fs';
import { EmbeddedError } from './errors.ts';

/** Who the server programs run as: this process's user, or (when it is root) the system user `postgres`. */
export interface ServerUser {
  uid?: number;
  gid?: number;
  name: string;
}

const SERVER_USER = 'postgres';

const idOf = (flag: '-u' | '-g') =>
  Number(execFileSync('id', [flag, SERVER_USER], { encoding: 'utf8' }).trim());

/**
 * PostgreSQL refuses to run as root. A root process runs it as `postgres`, creating that system user (no home, no
 * login shell) when the machine has none, as container images often do not.
 */
export function serverUser(): ServerUser {
  if (process.getuid?.() !== 0) {
    return { name: process.env.USER ?? 'current user' };
  }
  try {
    return { uid: idOf('-u'), gid: idOf('-g'), name: SERVER_USER };
  } catch {
    // No such user yet.
  }
  try {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER],
      {
        stdio: 'pipe',
      },
    );
    return { uid: idOf('-u'), gid: idOf('-g'), name: SERVER_USER };
  } catch (error) {
    throw new EmbeddedError(
      `Running as root, the embedded PostgreSQL needs a system user "${SERVER_USER}" and could not create it (${
        error instanceof Error ? error.message.split('\n')[0] : String(error)
      }): create it, run as another user, or set DATABASE_URL`,
    );
  }
}

/** Gives the server user a file or folder it must own (a no-op when this process is that user). */
export function handOver(user: ServerUser, path: string): void {
  if (user.uid !== undefined && user.gid !== undefined) {
    chownSync(path, user.uid, user.gid);
  }
}

export interface Ran {
  code: number;
  output: string;
}

/** Runs one of the server programs as the server user; never throws for a non-zero exit (the caller reads it). */
export function runAs(
  user: ServerUser,
  file: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        ...(user.uid !== undefined ? { uid: user.uid, gid: user.gid } : {}),
        // Messages in English and no dependence on the host's locales: the cluster's own are set explicitly.
        env: { ...process.env, ...env, LC_ALL: 'C', LANG: 'C' },
        timeout: timeoutMs,
        maxBuffer: 4 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}`.trim() });
      },
    );
  });
}
