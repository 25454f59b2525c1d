import { type Issuance, type Language, message, type TxRow, type WalletRow } from '@yuan/contract';
import { formatEther, getAddress, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { Chain } from '../../lib/chain/chain.ts';
import { contractArtifacts } from '../../lib/chain/contracts.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';
import { hashPassword } from '../../lib/password.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../types.ts';
import type { ChainIndexRepo } from './chain-index.repo.ts';
import type { WalletRepo } from './wallet.repo.ts';

export interface NewWallet {
  name?: string;
  password: string;
  password2?: string;
  email: string;
}

/**
 * Custodial wallets: a user's keys are made here (or imported), sealed under DATA_KEY and never answered; what a
 * wallet holds is always read from the chain.
 */
export class WalletService {
  constructor(
    private readonly repo: WalletRepo,
    private readonly box: SecretBox,
    private readonly chain: Chain,
    private readonly index: ChainIndexRepo,
  ) {}

  /** Issuance of YBI per territory (chain-wide: the chain is public), per day, and the latest indexed blocks. */
  async issuance(range: { from?: string; to?: string }): Promise<Issuance> {
    const { deployment } = await this.chain.ready();
    const found = await this.index.issuance(deployment.chainId, range);
    const all = found.territories.reduce((sum, t) => sum + BigInt(t.total), 0n);
    return {
      territories: found.territories.map((t) => ({
        code: t.code,
        name: t.name,
        total: formatEther(BigInt(t.total)),
        share: all === 0n ? 0 : Number((BigInt(t.total) * 10_000n) / all) / 100,
      })),
      daily: found.daily.map((d) => ({ ...d, amount: formatEther(BigInt(d.amount)) })),
      blocks: found.blocks.map((b) => ({ ...b, time: new Date(b.time).toISOString() })),
    };
  }

  /** A wallet's history from the index (newest first), with what it sent that is not indexed yet. */
  async transactions(ctx: AuthContext, walletId: string, page: { current: number; size: number }) {
    const wallet = await this.repo.find(ctx.tenantId, ctx.userId, walletId);
    if (!wallet) {
      throw notFound();
    }
    const { client, deployment } = await this.chain.ready();
    const [head, { records, total }] = await Promise.all([
      client.getBlockNumber({ cacheTime: 0 }),
      this.index.history(ctx.tenantId, deployment.chainId, walletId, wallet.address, page),
    ]);
    return {
      records: records.map(
        (r): TxRow => ({
          ...r,
          time: new Date(r.time).toISOString(),
          amount: formatEther(BigInt(r.amount)),
          amountOut: r.amountOut === null ? null : formatEther(BigInt(r.amountOut)),
          confirmations: r.blockNumber === null ? 0 : Number(head - BigInt(r.blockNumber) + 1n),
        }),
      ),
      total,
      size: page.size,
      current: page.current,
      pages: Math.ceil(total / page.size),
    };
  }

  /** A new wallet; unnamed, it is named in the caller's language (钱包 2, Wallet 2). */
  create(ctx: AuthContext, body: NewWallet, lang: Language = 'zh'): Promise<WalletRow> {
    return this.store(ctx, body, generatePrivateKey(), lang);
  }

  import(
    ctx: AuthContext,
    body: NewWallet & { privateKey: string },
    lang: Language = 'zh',
  ): Promise<WalletRow> {
    const key = body.privateKey.trim();
    return this.store(ctx, body, (key.startsWith('0x') ? key : `0x${key}`).toLowerCase() as Hex, lang);
  }

  list(ctx: AuthContext): Promise<WalletRow[]> {
    return this.repo.list(ctx.tenantId, ctx.userId);
  }

  async rename(ctx: AuthContext, id: string, name: string): Promise<WalletRow> {
    if ((await this.repo.rename(ctx.tenantId, ctx.userId, id, name)) === 0) {
      throw notFound();
    }
    return (await this.repo.find(ctx.tenantId, ctx.userId, id)) as WalletRow;
  }

  /** A wallet's address and balances read from the chain, and YBI's price in ETH from the pool's reserves. */
  async info(ctx: AuthContext, walletId?: string) {
    const wallets = await this.repo.list(ctx.tenantId, ctx.userId);
    const wallet = walletId ? wallets.find((w) => w.id === walletId) : wallets[0];
    if (!wallet) {
      throw notFound();
    }
    const { client, deployment } = await this.chain.ready();
    const { YuanToken, YuanPool } = contractArtifacts();
    const address = getAddress(wallet.address);
    const [eth, ybi, price] = await Promise.all([
      client.getBalance({ address }),
      client.readContract({
        address: deployment.token,
        abi: YuanToken.abi,
        functionName: 'balanceOf',
        args: [address],
      }),
      client.readContract({
        address: deployment.pool,
        abi: YuanPool.abi,
        functionName: 'quoteYbiForEth',
        args: [parseEther('1')],
      }),
    ]);
    return {
      walletId: wallet.id,
      name: wallet.name,
      address,
      eth: formatEther(eth),
      ybi: formatEther(ybi as bigint),
      // What selling 1 YBI would pay now, fee included.
      ybiPriceEth: formatEther(price as bigint),
      chainId: deployment.chainId,
    };
  }

  /** What selling `amountIn` YBI into the pool pays now, fee and price movement included. */
  async quote(amountIn: string) {
    const { client, deployment } = await this.chain.ready();
    const { YuanPool } = contractArtifacts();
    const pool = { address: deployment.pool, abi: YuanPool.abi } as const;
    const amount = parseEther(amountIn);
    const [out, reserveYbi, reserveEth] = (await Promise.all([
      client.readContract({ ...pool, functionName: 'quoteYbiForEth', args: [amount] }),
      client.readContract({ ...pool, functionName: 'reserveYbi' }),
      client.readContract({ ...pool, functionName: 'reserveEth' }),
    ])) as [bigint, bigint, bigint];
    // The price the reserves state before the trade, to show how far this trade moves it.
    const spot = (amount * reserveEth) / reserveYbi;
    const impact = spot === 0n ? 0 : Number(((spot - out) * 10_000n) / spot) / 100;
    return { amountIn, amountOut: formatEther(out), priceImpactPercent: impact };
  }

  private async store(ctx: AuthContext, body: NewWallet, key: Hex, lang: Language): Promise<WalletRow> {
    if (body.password2 !== undefined && body.password2 !== body.password) {
      throw new AppError(400, 'wallet.passwordsDiffer');
    }
    const address = privateKeyToAddress(key);
    if (await this.repo.hasAddress(ctx.tenantId, ctx.userId, address)) {
      throw new AppError(400, 'wallet.exists');
    }
    const id = nextId();
    const count = (await this.repo.list(ctx.tenantId, ctx.userId)).length;
    await this.repo.insert({
      tenant_id: ctx.tenantId,
      id,
      user_id: ctx.userId,
      name: body.name ?? message(lang, 'wallet.defaultName', { n: count + 1 }),
      address,
      sealed_key: this.box.seal(key),
      password_hash: await hashPassword(body.password),
      email: body.email,
    });
    return (await this.repo.find(ctx.tenantId, ctx.userId, id)) as WalletRow;
  }
}
