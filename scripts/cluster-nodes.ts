/**
 * Several server processes on one database, as a deployment runs them (docs/deploy.md), on this machine: one
 * PostgreSQL (the embedded server in DATA_DIR/cluster/pg, or DATABASE_URL's), one chain node (an anvil in
 * DATA_DIR/cluster/chain, or CHAIN_RPC_URL's), N nodes on PORT+1 … PORT+N sharing DATA_DIR/cluster (its files and
 * its secrets), and the round-robin proxy on PORT. Stops on SIGTERM/SIGINT: the proxy, the nodes, the chain, then
 * the database. Run through scripts/cluster.mjs (`npm run cluster -- N`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type Hex, toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { startProxy } from '../apps/server/src/cluster/proxy.ts';
import { type Config, ConfigError, loadConfig } from '../apps/server/src/config.ts';
import { EmbeddedError, startEmbeddedPostgres } from '../apps/server/src/db/embedded/index.ts';
import { migrate, openDatabase } from '../apps/server/src/db/index.ts';
import { runSeed, type SeedResult } from '../apps/server/src/db/seed/index.ts';
import { startAnvil } from '../apps/server/src/lib/chain/anvil.ts';
import { Chain } from '../apps/server/src/lib/chain/chain.ts';
import { sealStoredSecrets } from '../apps/server/src/lib/crud/seal-stored.ts';
import { AFTER_DRAIN_MS, Shutdown } from '../apps/server/src/lib/lifecycle/shutdown.ts';
import { SecretBox } from '../apps/server/src/lib/secret-box.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The embedded server takes 40 sessions: four nodes with their pools and queue connections fit in them. */
const MAX_NODES = 4;
/** A node's own start (compiling the TypeScript most of it) on a busy machine. */
const UP_MS = 180_000;
/** anvil's time to write its state, the database's to stop: the rest of the stop after the nodes. */
const AFTER_NODES_MS = 10_000;

interface Node {
  name: string;
  url: string;
  child: ChildProcess;
}

function nodeCount(given: string | undefined): number {
  const count = Number(given ?? '2');
  if (!Number.isInteger(count) || count < 1 || count > MAX_NODES) {
    throw new ConfigError(`the number of nodes must be 1 to ${MAX_NODES}: npm run cluster -- 2`);
  }
  return count;
}

/** The database sessions each node may hold, so that all of them fit in the embedded server's 40. */
function poolPerNode(count: number, outside: boolean): string | undefined {
  if (process.env.DB_POOL_MAX || outside) {
    return process.env.DB_POOL_MAX;
  }
  // Besides its pool a node holds the job queue's 4 sessions and one listening for notifications.
  return String(Math.min(10, Math.floor(36 / count) - 5));
}

/** Migrates and seeds once, before any node starts: two nodes migrating one database at once would collide. */
async function prepareDatabase(url: string, config: Config): Promise<SeedResult> {
  const database = await openDatabase({ url, pool: config.pool });
  try {
    await migrate(database);
    const seed = await runSeed(database, config);
    await sealStoredSecrets(database, new SecretBox(config.dataKey));
    return seed;
  } finally {
    await database.close();
  }
}

/**
 * The shared anvil, its contracts deployed once (remembered in DATA_DIR/cluster/chain, which every node reads), so
 * that nodes making their first wallet call at once do not each deploy a pool of their own.
 */
async function startChain(dir: string, shutdown: Shutdown): Promise<Record<string, string>> {
  const anvil = await startAnvil(join(dir, 'chain'));
  shutdown.push('chain', () => anvil.stop());
  const key = mnemonicToAccount(anvil.mnemonic).getHdKey().privateKey;
  if (!key) {
    throw new Error('the chain mnemonic gave no treasury key');
  }
  const treasuryKey: Hex = toHex(key);
  const chain = new Chain({ rpcUrl: anvil.url, chainId: anvil.chainId, treasuryKey, dir });
  await chain.ready();
  await chain.stop();
  return { CHAIN_RPC_URL: anvil.url, CHAIN_ID: String(anvil.chainId), TREASURY_KEY: treasuryKey };
}

/** Starts one node: `node scripts/start.mjs` as `npm start` runs it, its output prefixed with its name. */
function spawnNode(name: string, port: number, env: NodeJS.ProcessEnv): Node {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    // Its own process group: a Ctrl-C reaches the cluster alone, which stops the nodes before the database.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (from) {
      createInterface({ input: from }).on('line', (line) => to.write(`[${name}] ${line}\n`));
    }
  }
  return { name, url: `http://127.0.0.1:${port}`, child };
}

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves once the node answers ready (its database reached, its migrations applied, its chain node up). */
async function whenReady(node: Node): Promise<void> {
  for (const until = Date.now() + UP_MS; ; await sleep(500)) {
    if (ended(node.child)) {
      throw new Error(`${node.name} ended before it was ready (exit ${node.child.exitCode})`);
    }
    if (Date.now() > until) {
      throw new Error(`${node.name} was not ready within ${UP_MS / 1000} s`);
    }
    const res = await fetch(`${node.url}/api/ready`, { signal: AbortSignal.timeout(3_000) }).catch(
      () => undefined,
    );
    if (res?.ok) {
      return;
    }
  }
}

/** SIGTERM, as a service manager stops a node; SIGKILL if it outlives its own bound. */
function stopNode(node: Node, withinMs: number): Promise<void> {
  if (ended(node.child)) {
    return Promise.resolve();
  }
  return new Promise((done) => {
    const kill = setTimeout(() => node.child.kill('SIGKILL'), withinMs);
    node.child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    node.child.kill('SIGTERM');
  });
}

async function start(count: number, config: Config, shutdown: Shutdown): Promise<string[]> {
  const dir = config.dataDir;
  const outsideDb = config.databaseUrl !== undefined;
  const embedded = outsideDb ? undefined : await startEmbeddedPostgres({ dataDir: dir });
  if (embedded) {
    shutdown.push('embedded database', () => embedded.stop());
  }
  shutdown.checkpoint();
  const databaseUrl = config.databaseUrl ?? (embedded?.url as string);
  const seed = await prepareDatabase(databaseUrl, config);
  shutdown.checkpoint();
  const chain = config.chain.rpcUrl ? {} : await startChain(dir, shutdown);
  shutdown.checkpoint();

  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const pool = poolPerNode(count, outsideDb);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    START_BUILD: 'never',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    // Identical on every node, or a token signed by one is refused by the next and sealed secrets cannot be read.
    JWT_SECRET: decode(config.jwtSecret),
    DATA_KEY: decode(config.dataKey),
    ...(pool ? { DB_POOL_MAX: pool } : {}),
    // The proxy below forwards every caller's address: the sign-in lockout counts callers, not the proxy.
    TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1',
    ...chain,
    // A node started by an npm script stops when its parent goes: the cluster's end, however it came, ends them.
    npm_lifecycle_event: process.env.npm_lifecycle_event ?? 'cluster',
  };
  const nodes: Node[] = [];
  shutdown.push('nodes', () =>
    Promise.all(nodes.map((node) => stopNode(node, config.shutdownGraceMs + AFTER_DRAIN_MS + 1_000))),
  );
  for (let i = 1; i <= count; i++) {
    nodes.push(spawnNode(`node ${i}`, config.port + i, env));
  }
  await Promise.all(nodes.map(whenReady));
  shutdown.checkpoint();
  for (const node of nodes) {
    // A node gone meanwhile is skipped by the proxy; the rest keep answering.
    node.child.once('exit', (code, signal) => {
      if (!shutdown.stopping) {
        process.stderr.write(`${node.name} ended (${signal ?? `exit ${code}`}); the others keep answering\n`);
      }
    });
  }
  const proxy = await startProxy({ port: config.port, host: config.host, targets: nodes.map((n) => n.url) });
  shutdown.push('proxy', () => proxy.close());

  const lines = [
    `Yuan Admin is running as ${count} node(s) behind ${proxy.url}`,
    ...nodes.map((node) => `  ${node.name}: ${node.url}`),
    `Open ${proxy.url}/ and sign in — tenant 000000, account admin`,
  ];
  if (seed.generatedAdminPassword) {
    lines.push(`Initial admin password: ${seed.generatedAdminPassword}`);
    lines.push(`(also written to ${join(dir, 'initial-admin-password')}; change it after signing in)`);
  }
  return lines;
}

function report(error: unknown): void {
  if (error instanceof ConfigError || error instanceof EmbeddedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
}

function main(): void {
  let count: number;
  let config: Config;
  try {
    count = nodeCount(process.argv[2]);
    // The cluster's own folder: its database, chain, files and the secrets every node is given.
    config = loadConfig({
      ...process.env,
      DATA_DIR: join(resolve(process.env.DATA_DIR || './data'), 'cluster'),
    });
  } catch (error) {
    report(error);
    process.exit(1);
  }
  const shutdown = new Shutdown({
    graceMs: config.shutdownGraceMs + AFTER_DRAIN_MS + 1_000 + AFTER_NODES_MS,
  }).listen();
  if (process.env.npm_lifecycle_event) {
    // npm's shell dies on SIGTERM without passing it on (decision 0036): the cluster sees its parent go instead.
    shutdown.stopWithParent();
  }
  shutdown.launch(
    start(count, config, shutdown),
    (lines) => process.stdout.write(`\n${lines.join('\n')}\n\n`),
    report,
  );
}

main();
