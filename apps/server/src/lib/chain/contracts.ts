import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);

export type ContractName = 'YuanToken' | 'YuanPool';
export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

const SOURCE_DIR = new URL('../../../contracts/', import.meta.url).pathname;
const NAMES: ContractName[] = ['YuanToken', 'YuanPool'];

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

let compiled: Record<ContractName, Artifact> | undefined;

/**
 * The platform's contracts, compiled from their Solidity source by solc (the npm build): once per source version,
 * kept beside the sources (`contracts/.build`, made by the build and reused at start), so a changed source is
 * never run from a stale build.
 */
export function contractArtifacts(): Record<ContractName, Artifact> {
  if (compiled) {
    return compiled;
  }
  const sources = Object.fromEntries(
    NAMES.map((n) => [`${n}.sol`, { content: readFileSync(join(SOURCE_DIR, `${n}.sol`), 'utf8') }]),
  );
  const solc = require('solc') as { compile(input: string): string; version(): string };
  const hash = createHash('sha256')
    .update(solc.version())
    .update(JSON.stringify(sources))
    .digest('hex')
    .slice(0, 16);
  const cacheDir = join(SOURCE_DIR, '.build');
  const cacheFile = join(cacheDir, `${hash}.json`);
  if (existsSync(cacheFile)) {
    compiled = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<ContractName, Artifact>;
    return compiled;
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const artifacts = {} as Record<ContractName, Artifact>;
  for (const name of NAMES) {
    const c = output.contracts[`${name}.sol`]?.[name];
    if (!c) {
      throw new Error(`solc gave no ${name}`);
    }
    artifacts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(artifacts));
  compiled = artifacts;
  return artifacts;
}
