import { readdirSync, readFileSync } from 'node:fs';

/** Whether a process runs (a zombie, ended but not yet reaped, does not). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Parent and process group of every process, from /proc. */
function table(): { pid: number; ppid: number; pgid: number }[] {
  const rows: { pid: number; ppid: number; pgid: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command's closing parenthesis: state, ppid, pgrp.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') {
        rows.push({ pid: Number(entry), ppid: Number(fields[1]), pgid: Number(fields[2]) });
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return rows;
}

/** The live descendants of `root` (children, their children, …). */
export function descendants(root: number): number[] {
  const rows = table();
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const row of rows) {
      if (row.ppid === parent && !found.includes(row.pid)) {
        found.push(row.pid);
        queue.push(row.pid);
      }
    }
  }
  return found;
}

/** The live processes of a process group. */
export function groupMembers(pgid: number): number[] {
  return table()
    .filter((row) => row.pgid === pgid)
    .map((row) => row.pid);
}

/** The command line of a live process ('' when gone). */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}
