import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removePidFile, stopLeftover, writePidFile } from './pid-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'yuan-pid-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) {
    child.kill('SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A process that stays until killed, its command line holding `marker`; `stubborn`: it ignores SIGTERM. */
async function leftover(marker: string, stubborn = false) {
  const code = `${stubborn ? "process.on('SIGTERM', () => {});" : ''} setInterval(() => {}, 1000); console.log('up');`;
  const child = spawn(process.execPath, ['-e', code, marker], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  await new Promise((resolve) => child.stdout?.once('data', resolve));
  const ended = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  return { pid: child.pid as number, ended, child };
}

describe('pid files of child processes', { timeout: 30_000 }, () => {
  it('stops the process a pid file names with SIGTERM, and removes the file', async () => {
    const file = join(dir, 'a.pid');
    const p = await leftover(`${dir}/state-a.json`);
    writePidFile(file, p.pid);
    expect(await stopLeftover(file, `${dir}/state-a.json`)).toBe(p.pid);
    expect(await p.ended).toBe('SIGTERM');
    expect(existsSync(file)).toBe(false);
  });

  it('kills one that does not end on SIGTERM in time', async () => {
    const file = join(dir, 'b.pid');
    const p = await leftover(`${dir}/state-b.json`, true);
    writePidFile(file, p.pid);
    expect(await stopLeftover(file, `${dir}/state-b.json`, 300)).toBe(p.pid);
    expect(await p.ended).toBe('SIGKILL');
  });

  it('leaves alone a process the pid now names that is not the one meant, and forgets a dead or garbled file', async () => {
    const file = join(dir, 'c.pid');
    const other = await leftover('something-else');
    writePidFile(file, other.pid);
    expect(await stopLeftover(file, `${dir}/state-c.json`)).toBeUndefined();
    expect(other.child.exitCode).toBeNull();
    expect(other.child.signalCode).toBeNull();
    expect(existsSync(file)).toBe(false);

    writeFileSync(file, 'not a pid');
    expect(await stopLeftover(file, 'x')).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect(await stopLeftover(join(dir, 'none.pid'), 'x')).toBeUndefined();
  });

  it('removes a pid file only while it names the process that wrote it', () => {
    const file = join(dir, 'd.pid');
    writePidFile(file, 4242);
    removePidFile(file, 4343);
    expect(existsSync(file)).toBe(true);
    removePidFile(file, 4242);
    expect(existsSync(file)).toBe(false);
  });
});
