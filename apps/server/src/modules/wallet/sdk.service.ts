import { randomInt } from 'node:crypto';
import { formatEther, getAddress, type Hex, parseEther } from 'viem';
import type { Database } from '../../db/index.ts';
import type { Chain } from '../../lib/chain/chain.ts';
import { contractArtifacts } from '../../lib/chain/contracts.ts';
import type { Senders } from '../../lib/chain/senders.ts';
import { sha256Hex } from '../../lib/digest.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';
import type { AuthContext } from '../../types.ts';
import type { MailLang, MailService } from '../mail/index.ts';
import type { SmsService } from '../resource/index.ts';
import type { SdkRepo } from './sdk.repo.ts';
import type { WalletRepo } from './wallet.repo.ts';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed from paper. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Wrong codes a user may try in WINDOW_MINUTES before redemption is refused for the rest of the window. */
const MISSES_MAX = 5;
const WINDOW_MINUTES = 15;
/**
 * ETH the treasury sends with a redemption to a wallet holding less than half of it, so the wallet can pay the
 * fees of its first payments; a custodial wallet starts with no ETH.
 */
export const GAS_STIPEND = parseEther('0.01');

/** XXXX-XXXX-XXXX-XXXX: 80 random bits. */
export function newCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

const hashOf = (tenantId: string, code: string) => sha256Hex(`${tenantId}\n${code.trim().toUpperCase()}`);

/**
 * One-time redemption codes (`sdk/*`): made in batches and answered once (only their hashes are kept); redeemed
 * into a wallet by the treasury minting the amount on chain, attributed to the code's territory. A code is taken by
 * one claim only; wrong codes are counted and limited per user.
 */
export class SdkService {
  constructor(
    private readonly database: Database,
    private readonly repo: SdkRepo,
    private readonly wallets: WalletRepo,
    private readonly chain: Chain,
    private readonly senders: Senders,
    private readonly send: { mail: MailService; sms: SmsService },
  ) {}

  /** Runs inside the route's scope. */
  async create(
    ctx: AuthContext,
    body: { amount: string; count: number; expiresAt: string; territory?: string },
  ) {
    if (body.territory && !(await this.repo.territoryExists(body.territory))) {
      throw new AppError(400, 'sdk.noTerritory', { code: body.territory });
    }
    const expiresAt = new Date(body.expiresAt);
    if (expiresAt.getTime() <= Date.now()) {
      throw new AppError(400, 'sdk.expiresPast');
    }
    const batchId = nextId();
    const codes = Array.from({ length: body.count }, newCode);
    await this.repo.insert(
      codes.map((code) => ({
        tenantId: ctx.tenantId,
        id: nextId(),
        batchId,
        hash: hashOf(ctx.tenantId, code),
        amount: parseEther(body.amount),
        territory: body.territory ?? null,
        expiresAt,
        userId: ctx.userId,
      })),
    );
    return {
      batchId,
      amount: body.amount,
      expiresAt: expiresAt.toISOString(),
      territory: body.territory ?? null,
      codes,
    };
  }

  /** Outside any scope: the database work runs in short units, the mint between them. */
  async use(
    ctx: AuthContext,
    body: { code: string; walletId: string },
  ): Promise<{ amount: string; txHash: string }> {
    const run = <T>(fn: () => Promise<T>) => this.database.run({ tenantId: ctx.tenantId }, fn);
    const hash = hashOf(ctx.tenantId, body.code);
    const claimed = await run(async () => {
      if ((await this.repo.missesSince(ctx.tenantId, ctx.userId, WINDOW_MINUTES)) >= MISSES_MAX) {
        throw new AppError(429, 'sdk.tooMany', { minutes: WINDOW_MINUTES });
      }
      const wallet = await this.wallets.find(ctx.tenantId, ctx.userId, body.walletId);
      if (!wallet) {
        throw notFound();
      }
      const code = await this.repo.claim(ctx.tenantId, hash, ctx.userId, body.walletId);
      return code && { code, address: getAddress(wallet.address) };
    });
    if (!claimed) {
      await run(() => this.repo.miss(ctx.tenantId, ctx.userId));
      throw new AppError(400, 'sdk.invalid');
    }
    const { code, address } = claimed;
    let txHash: Hex;
    try {
      txHash = await this.mint(address, BigInt(code.amount), code.territory ?? '');
    } catch (error) {
      await run(() => this.repo.unclaim(ctx.tenantId, code.id));
      throw error instanceof AppError
        ? error
        : new AppError(502, 'wallet.sendFailed', { detail: String(error).slice(0, 200) });
    }
    await run(() => this.repo.minted(ctx.tenantId, code.id, txHash));
    return { amount: formatEther(BigInt(code.amount)), txHash };
  }

  /** The treasury mints to the wallet (and tops up its fee money when low); answers the mint's hash. */
  private async mint(to: `0x${string}`, amount: bigint, territory: string): Promise<Hex> {
    const ready = await this.chain.ready();
    const { client, treasury, account, deployment } = ready;
    const { YuanToken } = contractArtifacts();
    return this.senders.serial(client, account.address, async (nonce) => {
      const hash = await treasury.writeContract({
        address: deployment.token,
        abi: YuanToken.abi,
        functionName: 'mint',
        args: [to, amount, territory],
        account,
        chain: null,
        nonce,
      });
      let used = 1;
      if ((await client.getBalance({ address: to })) < GAS_STIPEND / 2n) {
        await treasury.sendTransaction({ to, value: GAS_STIPEND, account, chain: null, nonce: nonce + 1 });
        used = 2;
      }
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') {
        throw new AppError(502, 'wallet.sendFailed', { detail: `mint reverted: ${hash}` });
      }
      return { value: hash, used };
    });
  }

  /** Sends a live code to a user of the tenant by mail or SMS (the caller made it and holds it). */
  async sendTo(
    ctx: AuthContext,
    body: { code: string; userId: string; channel: 'mail' | 'sms' },
    lang: MailLang,
  ): Promise<void> {
    const run = <T>(fn: () => Promise<T>) => this.database.run({ tenantId: ctx.tenantId }, fn);
    const found = await run(async () => ({
      live: await this.repo.live(ctx.tenantId, hashOf(ctx.tenantId, body.code)),
      user: await this.repo.userContact(ctx.tenantId, body.userId),
    }));
    if (!found.live) {
      throw new AppError(400, 'sdk.invalid');
    }
    if (!found.user) {
      throw new AppError(400, 'sdk.userUnknown');
    }
    const code = body.code.trim().toUpperCase();
    if (body.channel === 'sms') {
      if (!found.user.phone) {
        throw new AppError(400, 'sdk.noContact');
      }
      const config = await this.send.sms.load(ctx.tenantId);
      await this.send.sms.deliver(config, { phones: [found.user.phone], params: { code } });
      return;
    }
    if (!found.user.email) {
      throw new AppError(400, 'sdk.noContact');
    }
    this.send.mail.requireConfigured();
    await this.send.mail.deliverCode(found.user.email, code, 'redeem-code', lang);
  }
}
