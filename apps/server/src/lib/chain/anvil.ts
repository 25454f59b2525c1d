import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { english, generateMnemonic } from 'viem/accounts';
import { removePidFile, stopLeftover, writePidFile } from '../lifecycle/pid-file.ts';

const require = createRequire(import.meta.url);

/** The platform packages @foundry-rs/anvil ships the binary in, by Node's platform and architecture. */
const PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

export interface EmbeddedChain {
  /** The node's JSON-RPC address on loopback. */
  url: string;
  chainId: number;
  /** The mnemonic of the node's funded accounts (kept in the chain folder, so they are the same after a restart). */
  mnemonic: string;
  stop(): Promise<void>;
}

export const EMBEDDED_CHAIN_ID = 31337;
const READY_MS = 20_000;
/** How long anvil may take to write its state and exit on SIGTERM before it is killed. */
const STOP_MS = 5_000;

const pidFileOf = (dir: string) => join(dir, 'anvil.pid');
const stateFileOf = (dir: string) => join(dir, 'state.json');

/**
 * Stops an anvil a killed server process left running on `dir` (found by its pid file, recognised by its state
 * path): with SIGTERM, so it writes its state first. Answers its pid, if there was one.
 */
export function stopLeftoverAnvil(dir: string): Promise<number | undefined> {
  return stopLeftover(pidFileOf(dir), stateFileOf(dir), STOP_MS);
}

/** The anvil binary of this platform; undefined when none is installed. */
export function anvilBinary(): string | undefined {
  const pkg = PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) {
    return undefined;
  }
  try {
    const dir = dirname(require.resolve(`${pkg}/package.json`));
    const bin = join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts anvil as a child process on a loopback port chosen by the system, its state in `dir` (written every few
 * seconds and on stop, read at start), so balances survive a restart. Its funded accounts come from a mnemonic made
 * once and kept beside the state. Resolves when the node answers. Its pid is kept in `dir` until it stops, so an
 * anvil outliving a killed server is stopped by the next start; if this process exits without stopping it (a second
 * signal, a crash), it is sent SIGTERM on the way out.
 */
export async function startAnvil(dir: string): Promise<EmbeddedChain> {
  const bin = anvilBinary();
  if (!bin) {
    throw new Error(`no anvil binary for ${process.platform}-${process.arch}; set CHAIN_RPC_URL`);
  }
  mkdirSync(dir, { recursive: true });
  await stopLeftoverAnvil(dir);
  const mnemonicFile = join(dir, 'mnemonic');
  if (!existsSync(mnemonicFile)) {
    writeFileSync(mnemonicFile, generateMnemonic(english), { mode: 0o600 });
  }
  const mnemonic = readFileSync(mnemonicFile, 'utf8').trim();
  const child = spawn(
    bin,
    [
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--chain-id',
      String(EMBEDDED_CHAIN_ID),
      '--mnemonic',
      mnemonic,
      '--state',
      stateFileOf(dir),
      '--state-interval',
      '5',
    ],
    // Its own process group: a Ctrl-C in the terminal reaches the server, which stops the chain in its turn.
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const pid = child.pid;
  const onExit = () => {
    child.kill('SIGTERM');
  };
  if (pid !== undefined) {
    writePidFile(pidFileOf(dir), pid);
    process.once('exit', onExit);
    child.once('exit', () => {
      process.off('exit', onExit);
      removePidFile(pidFileOf(dir), pid);
    });
  }
  const url = await listeningAddress(child);
  return {
    url,
    chainId: EMBEDDED_CHAIN_ID,
    mnemonic,
    stop: () => stopChild(child),
  };
}

/** Reads anvil's output until it names its address (its banner also prints dev keys: nothing of it is logged). */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('anvil did not start in time'));
    }, READY_MS);
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      const match = /Listening on (\S+:\d+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining its output so the pipe never fills.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(`http://${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${code ?? 'signal'}): ${seen.slice(-300)}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    // SIGTERM: anvil writes its state before it exits.
    child.kill('SIGTERM');
  });
}
