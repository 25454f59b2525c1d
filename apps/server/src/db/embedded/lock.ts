import { createHash } from 'node:crypto';
import { realpathSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { platform } from 'node:os';
import { join } from 'node:path';
import { EmbeddedError } from './errors.ts';

/** Held while this process uses a DATA_DIR; `release` lets the next process have it. */
export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Where the lock listens. On Linux an abstract socket, named after the folder's real path: the kernel frees it the
 * moment its process ends, however it ends (kill -9 too), so no stale lock is ever left to clean up. Elsewhere a
 * socket file in the folder, whose leftover (the listener gone) is recognised by a refused connection.
 */
function address(dataDir: string): { path: string; abstract: boolean } {
  const real = realpathSync(dataDir);
  if (platform() === 'linux') {
    const digest = createHash('sha256').update(real).digest('hex').slice(0, 40);
    return { path: `\0yuan-admin-data-${digest}`, abstract: true };
  }
  return { path: join(real, '.lock.sock'), abstract: false };
}

const listen = (server: Server, path: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Asks the holder who it is: its pid, or undefined when nobody answers (a socket file left behind). */
const holder = (path: string) =>
  new Promise<number | undefined>((resolve) => {
    const socket = connect(path);
    let text = '';
    const done = (pid: number | undefined) => {
      socket.destroy();
      resolve(pid);
    };
    socket.setTimeout(2_000, () => done(0));
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('end', () => done(Number.parseInt(text, 10) || 0));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? undefined : 0),
    );
  });

/** Takes the folder for this process, or throws naming the folder and the process that has it. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const { path, abstract } = address(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    const server = createServer((socket) => socket.end(String(process.pid)));
    try {
      await listen(server, path);
      server.unref();
      return {
        release: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
          }),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
        throw error;
      }
    }
    const pid = await holder(path);
    if (pid !== undefined) {
      const who = pid > 0 ? `process ${pid}` : 'another process';
      throw new EmbeddedError(
        `The data folder ${dataDir} is in use by ${who} of Yuan Admin: stop that one first, or give this one ` +
          'another DATA_DIR',
      );
    }
    if (!abstract) {
      // A socket file its listener left behind.
      unlinkSync(path);
    }
  }
  throw new EmbeddedError(`The data folder ${dataDir} could not be locked`);
}
