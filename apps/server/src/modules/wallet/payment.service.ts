import type { PaymentAnswer } from '@yuan/contract';
import { type Address, getAddress, type Hex, maxUint256, parseEther } from 'viem';
import type { Database } from '../../db/index.ts';
import type { Chain, Ready } from '../../lib/chain/chain.ts';
import { contractArtifacts } from '../../lib/chain/contracts.ts';
import type { Senders } from '../../lib/chain/senders.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../types.ts';
import type { VerifyCodeService } from '../auth/index.ts';
import type { MailLang, MailService } from '../mail/index.ts';
import { asAppError, enoughGas, enoughYbi, reverted } from './payment-checks.ts';
import type { RequestRepo } from './request.repo.ts';
import type { WalletRepo } from './wallet.repo.ts';

export interface PaymentDeps {
  database: Database;
  wallets: WalletRepo;
  requests: RequestRepo;
  box: SecretBox;
  chain: Chain;
  senders: Senders;
  codes: VerifyCodeService;
  mail: MailService;
  /** The address of one of the caller's payees. */
  payeeAddress: (ctx: AuthContext, id: string) => Promise<string | undefined>;
}

export interface Proof {
  password?: string;
  code?: string;
}

/** What a payment moves: the recipient and the amount, both checked before anything is sent. */
interface Intent {
  walletId: string;
  kind: 'send' | 'swap';
  to: Address;
  amount: bigint;
}

/** How long a retry waits for the first attempt of its request id to hand its transaction to the node. */
const WAIT_MS = 30_000;

/**
 * Payments and swaps from custodial wallets. Each is claimed under the client's request id before anything is sent
 * (a retry answers the first result), checked against the balances and the fee the chain states, and sent in turn
 * per wallet with the next nonce. The answer is the transaction's hash; the indexer settles its status.
 * Database work runs in short units of its own (the route opens none), so no transaction waits on the chain.
 */
export class PaymentService {
  constructor(private readonly deps: PaymentDeps) {}

  /** Mails a 4-digit code to the wallet's address: the other way to prove a payment. */
  async sendPayCode(ctx: AuthContext, walletId: string, ip: string, lang: MailLang): Promise<void> {
    this.deps.mail.requireConfigured();
    const issued = await this.run(ctx, async () => {
      const w = await this.deps.wallets.secretOf(ctx.tenantId, ctx.userId, walletId);
      return (
        w && { email: w.email, code: await this.deps.codes.issue(ctx.tenantId, 'wallet-pay', walletId, ip) }
      );
    });
    if (!issued) {
      throw notFound();
    }
    await this.deps.mail.deliverCode(issued.email, issued.code, 'wallet-pay', lang);
  }

  private run<T>(ctx: AuthContext, fn: () => Promise<T>): Promise<T> {
    return this.deps.database.run({ tenantId: ctx.tenantId }, fn);
  }

  async send(
    ctx: AuthContext,
    body: Proof & { walletId: string; to: string; amount: string; requestId: string },
  ): Promise<PaymentAnswer> {
    const amount = parseEther(body.amount);
    const again = await this.previous(ctx, body.requestId, { walletId: body.walletId, kind: 'send', amount });
    if (again) {
      return again;
    }
    const wallet = await this.prove(ctx, body.walletId, body);
    const to = await this.recipient(ctx, body.to);
    if (to === wallet.address) {
      throw new AppError(400, 'wallet.selfPay');
    }
    const intent: Intent = { walletId: body.walletId, kind: 'send', to, amount };
    return this.once(ctx, body.requestId, intent, async (ready) => {
      const { YuanToken } = contractArtifacts();
      const call = {
        address: ready.deployment.token,
        abi: YuanToken.abi,
        functionName: 'transfer',
        args: [to, amount],
      } as const;
      return this.deps.senders.serial(ready.client, wallet.address, async (nonce) => {
        await enoughYbi(ready, wallet.address, amount);
        const gas = await ready.client.estimateContractGas({ ...call, account: wallet.address });
        const fees = await enoughGas(ready, wallet.address, gas);
        const signer = ready.signer(wallet.key);
        const hash = await signer.writeContract({
          ...call,
          account: signer.account ?? null,
          chain: null,
          nonce,
          gas,
          ...fees,
        });
        return { value: hash, used: 1 };
      });
    });
  }

  /**
   * Sells `amountIn` YBI to the pool for at least `minOut` ETH, approving the pool first when it may not spend;
   * the pool's quote is checked before either is sent.
   */
  async swap(
    ctx: AuthContext,
    body: Proof & { walletId: string; amountIn: string; minOut: string; requestId: string },
  ): Promise<PaymentAnswer> {
    const amount = parseEther(body.amountIn);
    const again = await this.previous(ctx, body.requestId, { walletId: body.walletId, kind: 'swap', amount });
    if (again) {
      return again;
    }
    const wallet = await this.prove(ctx, body.walletId, body);
    const minOut = parseEther(body.minOut);
    const { deployment } = await this.deps.chain.ready();
    const intent: Intent = { walletId: body.walletId, kind: 'swap', to: deployment.pool, amount };
    return this.once(ctx, body.requestId, intent, async (ready) => {
      const { YuanToken, YuanPool } = contractArtifacts();
      const signer = ready.signer(wallet.key);
      const account = signer.account ?? null;
      const token = { address: ready.deployment.token, abi: YuanToken.abi, chain: null, account } as const;
      const swap = {
        address: ready.deployment.pool,
        abi: YuanPool.abi,
        functionName: 'swapYbiForEth',
        args: [amount, minOut, wallet.address],
      } as const;
      const slippage = () => new AppError(400, 'wallet.slippage', { minOut: body.minOut });
      return this.deps.senders.serial(ready.client, wallet.address, async (nonce) => {
        await enoughYbi(ready, wallet.address, amount);
        // The pool's own quote decides before anything is sent: a refused swap must not have paid for an approval.
        const quoted = (await ready.client.readContract({
          address: ready.deployment.pool,
          abi: YuanPool.abi,
          functionName: 'quoteYbiForEth',
          args: [amount],
          blockTag: 'pending',
        })) as bigint;
        if (quoted < minOut) {
          throw slippage();
        }
        const allowance = (await ready.client.readContract({
          address: token.address,
          abi: token.abi,
          functionName: 'allowance',
          args: [wallet.address, ready.deployment.pool],
        })) as bigint;
        let used = 0;
        if (allowance < amount) {
          const approve = {
            ...token,
            functionName: 'approve',
            args: [ready.deployment.pool, maxUint256],
          } as const;
          const gas = await ready.client.estimateContractGas({ ...approve, account: wallet.address });
          const fees = await enoughGas(ready, wallet.address, gas * 3n);
          const hash = await signer.writeContract({ ...approve, nonce, gas, ...fees });
          // The swap's estimate needs the allowance in place.
          await ready.client.waitForTransactionReceipt({ hash });
          used = 1;
        }
        const gas = await ready.client
          .estimateContractGas({ ...swap, account: wallet.address })
          .catch((error: unknown) => {
            throw reverted(error) ? slippage() : error;
          });
        const fees = await enoughGas(ready, wallet.address, gas);
        const hash = await signer.writeContract({
          ...swap,
          account,
          chain: null,
          nonce: nonce + used,
          gas,
          ...fees,
        });
        return { value: hash, used: used + 1 };
      });
    });
  }

  /** The payment a request id already stands for, once it was handed to the node; undefined when it is new. */
  private async previous(
    ctx: AuthContext,
    requestId: string,
    what: Pick<Intent, 'walletId' | 'kind' | 'amount'>,
  ): Promise<PaymentAnswer | undefined> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = await this.run(ctx, () => this.deps.requests.find(ctx.tenantId, ctx.userId, requestId));
      if (!found) {
        return undefined;
      }
      if (
        found.walletId !== what.walletId ||
        found.kind !== what.kind ||
        BigInt(found.amount) !== what.amount
      ) {
        throw new AppError(409, 'wallet.requestOther');
      }
      if (found.txHash) {
        return {
          requestId,
          txHash: found.txHash,
          status: found.status === 'sending' ? 'pending' : found.status,
        };
      }
      if (Date.now() > deadline) {
        throw new AppError(409, 'wallet.requestBusy');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Claims the request id, sends, and records the hash; nothing sent frees the id for a retry. */
  private async once(
    ctx: AuthContext,
    requestId: string,
    intent: Intent,
    send: (ready: Ready) => Promise<Hex>,
  ): Promise<PaymentAnswer> {
    const claimed = await this.run(ctx, () =>
      this.deps.requests.claim(ctx.tenantId, ctx.userId, requestId, intent),
    );
    if (!claimed) {
      const first = await this.previous(ctx, requestId, intent);
      if (!first) {
        throw new AppError(409, 'wallet.requestBusy');
      }
      return first;
    }
    let hash: Hex;
    try {
      hash = await send(await this.deps.chain.ready());
    } catch (error) {
      await this.run(ctx, () => this.deps.requests.release(ctx.tenantId, ctx.userId, requestId));
      throw asAppError(error);
    }
    await this.run(ctx, () => this.deps.requests.sent(ctx.tenantId, ctx.userId, requestId, hash));
    return { requestId, txHash: hash, status: 'pending' };
  }

  /** The paying wallet, once its password or its mailed code is right (a wrong code's try is kept). */
  private async prove(
    ctx: AuthContext,
    walletId: string,
    proof: Proof,
  ): Promise<{ address: Address; key: Hex }> {
    const checked = await this.run(ctx, async () => {
      const w = await this.deps.wallets.secretOf(ctx.tenantId, ctx.userId, walletId);
      if (!w) {
        return undefined;
      }
      const right =
        proof.password !== undefined
          ? await verifyPassword(w.passwordHash, proof.password)
          : await this.deps.codes.verify(ctx.tenantId, 'wallet-pay', walletId, proof.code ?? '');
      return { w, right };
    });
    if (!checked) {
      throw notFound();
    }
    if (!checked.right) {
      throw new AppError(400, 'wallet.wrongProof');
    }
    return { address: getAddress(checked.w.address), key: this.deps.box.open(checked.w.sealedKey) as Hex };
  }

  /** An address as given, or the address of one of the payer's payees. */
  private async recipient(ctx: AuthContext, to: string): Promise<Address> {
    if (to.startsWith('0x')) {
      return getAddress(to.toLowerCase());
    }
    const address = await this.run(ctx, () => this.deps.payeeAddress(ctx, to));
    if (!address) {
      throw new AppError(400, 'wallet.payeeUnknown');
    }
    return getAddress(address.toLowerCase());
  }
}
