import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Account,
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { type EmbeddedChain, startAnvil, stopLeftoverAnvil } from './anvil.ts';
import { contractArtifacts } from './contracts.ts';

export interface ChainConfig {
  /** CHAIN_RPC_URL: an EVM node; unset, the embedded anvil runs in `dir`. */
  rpcUrl?: string;
  chainId?: number;
  /** TREASURY_KEY: the treasury's private key on an outside node (the embedded one funds its own). */
  treasuryKey?: Hex;
  /** Where the embedded chain keeps its state and where the deployment is remembered. */
  dir: string;
}

export interface Deployment {
  chainId: number;
  token: Address;
  pool: Address;
  /** The block the contracts were deployed in: an indexer starts there. */
  fromBlock: string;
}

export interface Ready {
  client: PublicClient;
  treasury: WalletClient;
  account: Account;
  deployment: Deployment;
  /** The node's JSON-RPC address. */
  url: string;
  /** A client that signs with `key` (a custodial wallet's) on the same node. */
  signer(key: Hex): WalletClient;
}

/** The liquidity the treasury seeds a new pool with: the opening price is 1,000 YBI per ETH. */
const SEED_YBI = parseEther('1000000');
const SEED_ETH = parseEther('1000');

/**
 * The chain the wallet area runs on. Nothing starts until the first call needs it: then the embedded anvil starts
 * (unless an outside node is configured), and the token and pool are deployed and seeded if this chain has none of
 * ours yet — remembered per chain id in `dir`, and checked against the chain (a reset chain deploys afresh).
 */
export class Chain {
  private starting: Promise<Ready> | undefined;
  private embedded: EmbeddedChain | undefined;
  private reaping: Promise<unknown> = Promise.resolve();

  constructor(private readonly config: ChainConfig) {}

  /** Whether a call has started the chain: background work waits for the first use rather than starting a node. */
  get started(): boolean {
    return this.starting !== undefined;
  }

  ready(): Promise<Ready> {
    this.starting ??= this.start().catch(async (error: unknown) => {
      // A failed start is tried again by the next call, not remembered, and leaves no node running.
      await this.stop();
      throw error;
    });
    return this.starting;
  }

  /** Stops an embedded node a killed process left running (the first use would, but it may never come). */
  reapOrphan(): Promise<unknown> {
    if (this.config.rpcUrl) {
      return Promise.resolve();
    }
    const reaping = stopLeftoverAnvil(join(this.config.dir, 'chain'));
    this.reaping = reaping.catch(() => undefined);
    return reaping;
  }

  async stop(): Promise<void> {
    const embedded = this.embedded;
    this.embedded = undefined;
    this.starting = undefined;
    await embedded?.stop();
  }

  private async start(): Promise<Ready> {
    let url = this.config.rpcUrl;
    let account: Account;
    if (url) {
      if (!this.config.treasuryKey) {
        throw new Error('TREASURY_KEY is needed with CHAIN_RPC_URL');
      }
      account = privateKeyToAccount(this.config.treasuryKey);
    } else {
      await this.reaping;
      this.embedded = await startAnvil(join(this.config.dir, 'chain'));
      url = this.embedded.url;
      account = mnemonicToAccount(this.embedded.mnemonic);
    }
    const client = createPublicClient({ transport: http(url) });
    const chainId = await client.getChainId();
    if (this.config.chainId && this.config.chainId !== chainId) {
      throw new Error(`CHAIN_ID is ${this.config.chainId} but the node says ${chainId}`);
    }
    const treasury = createWalletClient({ account, transport: http(url) });
    const deployment = await this.deployment(client, treasury, account, chainId);
    const rpc = url;
    return {
      client,
      treasury,
      account,
      deployment,
      url: rpc,
      signer: (key) => createWalletClient({ account: privateKeyToAccount(key), transport: http(rpc) }),
    };
  }

  private async deployment(client: PublicClient, treasury: WalletClient, account: Account, chainId: number) {
    const file = join(this.config.dir, 'chain', `deployment-${chainId}.json`);
    if (existsSync(file)) {
      const known = JSON.parse(readFileSync(file, 'utf8')) as Deployment;
      const code = await client.getCode({ address: known.pool });
      if (code && code !== '0x') {
        return known;
      }
    }
    const { YuanToken, YuanPool } = contractArtifacts();
    const send = async (hash: Hex) => {
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') {
        throw new Error(`deployment transaction failed: ${hash}`);
      }
      return receipt;
    };
    const tokenReceipt = await send(
      await treasury.deployContract({
        account,
        abi: YuanToken.abi,
        bytecode: YuanToken.bytecode,
        chain: null,
      }),
    );
    const token = tokenReceipt.contractAddress as Address;
    const pool = (
      await send(
        await treasury.deployContract({
          account,
          abi: YuanPool.abi,
          bytecode: YuanPool.bytecode,
          args: [token],
          chain: null,
        }),
      )
    ).contractAddress as Address;
    const tokenAt = { address: token, abi: YuanToken.abi, account, chain: null } as const;
    await send(
      await treasury.writeContract({
        ...tokenAt,
        functionName: 'mint',
        args: [account.address, SEED_YBI, ''],
      }),
    );
    await send(await treasury.writeContract({ ...tokenAt, functionName: 'approve', args: [pool, SEED_YBI] }));
    await send(
      await treasury.writeContract({
        address: pool,
        abi: YuanPool.abi,
        account,
        chain: null,
        functionName: 'addLiquidity',
        args: [SEED_YBI],
        value: SEED_ETH,
      }),
    );
    const deployment: Deployment = { chainId, token, pool, fromBlock: tokenReceipt.blockNumber.toString() };
    mkdirSync(join(this.config.dir, 'chain'), { recursive: true });
    writeFileSync(file, JSON.stringify(deployment, null, 2));
    return deployment;
  }
}
