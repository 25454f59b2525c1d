#!/usr/bin/env node
/**
 * The browser tests drive a system Chromium (CHROMIUM_PATH, default Debian's headless shell
 * /usr/bin/chromium-headless-shell). Before they start: when it
 * is missing and this process may install Debian packages (root, or password-less sudo, with apt-get), install
 * Debian's `chromium-headless-shell` as CI does; otherwise stop at once with one line saying what to run.
 * BROWSER_INSTALL=never forbids the install (the line is printed instead).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

const DEFAULT = '/usr/bin/chromium-headless-shell';
const path = process.env.CHROMIUM_PATH || DEFAULT;

const runnable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** How this process may run apt-get: directly as root, through sudo without a password, or not at all. */
function installer() {
  if (process.env.BROWSER_INSTALL === 'never' || !existsSync('/usr/bin/apt-get')) {
    return null;
  }
  if (process.getuid?.() === 0) {
    return [];
  }
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n'] : null;
}

function run(prefix, args) {
  const [command, ...rest] = [...prefix, ...args];
  const result = spawnSync(command, rest, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (!runnable(path)) {
  const prefix = path === DEFAULT ? installer() : null;
  if (prefix) {
    console.log('Installing Debian package chromium-headless-shell for the browser tests…');
    const installed =
      run(prefix, ['apt-get', 'update', '-qq']) &&
      run(prefix, ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell']);
    if (!installed || !runnable(path)) {
      console.error(
        'The browser tests need Chromium: `apt-get install -y chromium-headless-shell` failed; run it by hand and retry.',
      );
      process.exit(1);
    }
  } else {
    console.error(
      `The browser tests need Chromium at ${path}: run \`sudo apt-get install -y chromium-headless-shell\` (or set CHROMIUM_PATH), then run the tests again.`,
    );
    process.exit(1);
  }
}
