#!/usr/bin/env node
/**
 * Runs a command on Node 24 LTS, the version the suites run on (README): on an older Node it fetches `node@24` from
 * the npm registry once into the user's cache (where `.ci/run` keeps it too) and puts it first on PATH for the
 * command. NODE_SHIPPED keeps the machine's own Node, on which the process tests also start the server.
 * Usage: node scripts/node24.mjs <command> [args…]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/node24.mjs <command> [args…]');
  process.exit(2);
}

let env = process.env;
if (Number(process.versions.node.split('.')[0]) < 24) {
  const dir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'yuan-admin', 'node24');
  const bin = join(dir, 'node_modules', 'node', 'bin');
  if (!existsSync(join(bin, 'node'))) {
    console.log(`Installing Node 24 into ${dir}`);
    mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', dir, 'node@24'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  env = { ...env, NODE_SHIPPED: env.NODE_SHIPPED || process.execPath, PATH: `${bin}${delimiter}${env.PATH}` };
}

const run = spawnSync(command, args, { stdio: 'inherit', env });
if (run.error) {
  console.error(`${command}: ${run.error.message}`);
  process.exit(1);
}
process.exit(run.status ?? 1);
