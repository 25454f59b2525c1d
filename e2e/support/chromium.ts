import { type BrowserServer, chromium } from 'playwright-core';

// Debian's headless shell: the same engine without the full browser's UI process, about 40 % faster per test here
// than `chromium --headless` (docs/testing.md).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts the one Chromium of a browser test run (global set-up); every file connects to it. Starting Chromium takes
 * seconds on a busy machine, so no file starts one of its own.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM, args: ARGS });
}
