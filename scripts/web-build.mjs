// The web app's build before a launch (`npm start`, `npm run cluster`), as START_BUILD asks:
// always (default) | changed (only when the web app's sources are newer than its build) | never.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const MODES = ['always', 'changed', 'never'];

/** The newest modification time under `path` (node_modules and build output left out). */
function newest(path) {
  if (!existsSync(path)) {
    return 0;
  }
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules' && entry !== 'dist') {
      latest = Math.max(latest, newest(join(path, entry)));
    }
  }
  return latest;
}

/** Whether the built web app is missing or older than what it is built from. */
function webChanged() {
  const built = join(root, 'apps/web/dist/index.html');
  if (!existsSync(built)) {
    return true;
  }
  const sources = ['apps/web', 'packages/contract/src', 'package-lock.json'].map((p) =>
    newest(join(root, p)),
  );
  return Math.max(...sources) > statSync(built).mtimeMs;
}

/** `npm run build` in its own process group: a stop signal meanwhile ends all of it (npm, its shell, vite). */
function build() {
  return new Promise((resolve) => {
    const npm = process.env.npm_execpath;
    const child = npm
      ? spawn(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit', detached: true })
      : spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', detached: true });
    const stop = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
      process.exit(128 + constants.signals[signal]);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve(code ?? 128 + (constants.signals[signal] ?? 1));
    });
  });
}

/** Builds the web app when START_BUILD asks for it; a bad START_BUILD or a failed build ends the process. */
export async function buildWebFirst() {
  const mode = process.env.START_BUILD || 'always';
  if (!MODES.includes(mode)) {
    process.stderr.write(`START_BUILD must be one of ${MODES.join(', ')}\n`);
    process.exit(1);
  }
  if (mode === 'always' || (mode === 'changed' && webChanged())) {
    const code = await build();
    if (code !== 0) {
      process.exit(code);
    }
  }
}
