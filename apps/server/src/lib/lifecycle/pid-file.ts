import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 50;

/** Notes which process a child runs as, so the next start finds it should this process die without stopping it. */
export function writePidFile(file: string, pid: number): void {
  writeFileSync(file, `${pid}\n`, { mode: 0o600 });
}

/** Removes the pid file, if it still names `pid` (a later start may have written its own). */
export function removePidFile(file: string, pid: number): void {
  if (readPid(file) === pid) {
    rmSync(file, { force: true });
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 1 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The command line of a live process; undefined when it is gone (a zombie counts as gone) or cannot be read. */
function commandLine(pid: number): string | undefined {
  try {
    if (/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) {
      return undefined;
    }
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() || undefined;
  } catch {
    // No /proc (macOS): ask ps.
  }
  try {
    const text = execFileSync('ps', ['-o', 'stat=,command=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return text === '' || text.startsWith('Z') ? undefined : text;
  } catch {
    return undefined;
  }
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (commandLine(pid) !== undefined) {
    if (Date.now() >= until) {
      return false;
    }
    await sleep(POLL_MS);
  }
  return true;
}

/**
 * Stops the process a pid file names, when it still runs and is the one the file meant (its command line contains
 * `marker`: a pid reused by another program is left alone): SIGTERM first, so it can save its state, SIGKILL after
 * `waitMs`. Removes the file. Answers the pid stopped, if any.
 */
export async function stopLeftover(
  file: string,
  marker: string,
  waitMs = 5_000,
): Promise<number | undefined> {
  const pid = readPid(file);
  if (pid === undefined || pid === process.pid) {
    rmSync(file, { force: true });
    return undefined;
  }
  if (!commandLine(pid)?.includes(marker)) {
    rmSync(file, { force: true });
    return undefined;
  }
  try {
    process.kill(pid, 'SIGTERM');
    if (!(await gone(pid, waitMs))) {
      process.kill(pid, 'SIGKILL');
      await gone(pid, 2_000);
    }
  } catch {
    // It ended meanwhile.
  }
  rmSync(file, { force: true });
  return pid;
}
