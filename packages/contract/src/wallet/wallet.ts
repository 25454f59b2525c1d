import { z } from 'zod';
import { idString } from '../envelope.ts';
import { registerMessage } from '../form-messages.ts';
import { secret } from '../secret.ts';

/** The wallet rules' messages (SPEC §5, §9), in both languages. */
export const WALLET_MESSAGES = {
  privateKey: registerMessage('wallet.privateKey', [
    '私钥长度应为64位（带0x前缀为66位）',
    'The private key must be 64 characters (66 with the 0x prefix)',
  ]),
  password: registerMessage('wallet.password', [
    '钱包密码至少6位',
    'The wallet password needs at least 6 characters',
  ]),
  email: registerMessage('wallet.email', ['请输入正确的邮箱', 'Please enter a valid e-mail']),
  agreement: registerMessage('wallet.agreement', [
    '请阅读并同意协议',
    'Please read and accept the agreement',
  ]),
  amount: registerMessage('wallet.amount', [
    '数量必须大于0（最多18位小数）',
    'The amount must be above 0 (at most 18 decimals)',
  ]),
  code: registerMessage('wallet.code', ['验证码为4位数字', 'The code has 4 digits']),
  proof: registerMessage('wallet.proof', ['请输入钱包密码或验证码', 'Enter the wallet password or the code']),
  address: registerMessage('wallet.address', ['请输入正确的钱包地址', 'Please enter a valid wallet address']),
  redeemCode: registerMessage('wallet.redeemCode', ['兑换码格式不正确', 'The code is not valid']),
  passwordsDiffer: registerMessage('wallet.passwordsDiffer', [
    '两次密码输入不一致',
    'The two passwords differ',
  ]),
};

const at = (key: string) => `@${key}`;
const walletName = z.string().trim().min(1).max(64);
const newWallet = {
  name: walletName.optional(),
  password: secret(z.string().min(6, at(WALLET_MESSAGES.password)).max(128)),
  // A form-only confirmation: checked when sent, never stored.
  password2: secret(z.string().max(128)).optional(),
  email: z.email(at(WALLET_MESSAGES.email)).max(128),
  agreed: z.literal(true, at(WALLET_MESSAGES.agreement)),
};

/** A token amount as decimal text: above 0, at most 18 decimals (YBI's and ETH's), no exponent. */
export const tokenAmount = z
  .string()
  .trim()
  .max(40)
  .regex(/^(?=.*[1-9])\d{1,21}(\.\d{1,18})?$/, at(WALLET_MESSAGES.amount));

export const walletSchemas = {
  create: z.strictObject(newWallet),
  import: z.strictObject({
    ...newWallet,
    // 64 hex digits, or 66 with 0x (SPEC §9): any other length is the rule's message.
    privateKey: secret(
      z
        .string()
        .trim()
        .regex(/^(0x)?[0-9a-fA-F]{64}$/, at(WALLET_MESSAGES.privateKey)),
    ),
  }),
  rename: z.strictObject({ id: idString, name: walletName }),
  info: z.strictObject({ walletId: idString.optional() }).nullish(),
  // A quote while typing: what `amountIn` YBI would pay in ETH now (the swap itself adds minOut and the password).
  quote: z.strictObject({ amountIn: tokenAmount }),
};

export interface WalletRow {
  id: string;
  name: string;
  address: string;
  email: string;
  createTime: string;
}

/** A paying wallet's proof: its password, or the 4-digit code mailed to its address (SPEC §9). */
const proof = {
  password: secret(z.string().min(1).max(128)).optional(),
  code: secret(z.string().regex(/^\d{4}$/, at(WALLET_MESSAGES.code))).optional(),
};
/** The client's key for one payment: the same key again answers the first result and never pays twice. */
const requestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId');
const minAmount = z
  .string()
  .trim()
  .max(40)
  .regex(/^\d{1,21}(\.\d{1,18})?$/, at(WALLET_MESSAGES.amount));
const hasProof = (b: { password?: string; code?: string }) =>
  b.password !== undefined || b.code !== undefined;
const proofIssue = { message: at(WALLET_MESSAGES.proof), path: ['password'] };

export const paySchemas = {
  // `to` is an address (0x + 40 hex) or the id of one of the payer's payees.
  send: z
    .strictObject({
      walletId: idString,
      to: z
        .string()
        .trim()
        .regex(/^(0x[0-9a-fA-F]{40}|[0-9]{1,19})$/, at(WALLET_MESSAGES.address)),
      amount: tokenAmount,
      requestId,
      ...proof,
    })
    .refine(hasProof, proofIssue),
  // Without `requestId` a quote while typing; with it the swap, bounded by `minOut`.
  swap: z
    .strictObject({
      amountIn: tokenAmount,
      walletId: idString.optional(),
      minOut: minAmount.optional(),
      requestId: requestId.optional(),
      ...proof,
    })
    .refine((b) => b.requestId === undefined || (hasProof(b) && b.walletId !== undefined), proofIssue),
  payCode: z.strictObject({ walletId: idString }),
  transactions: z.strictObject({
    walletId: idString,
    current: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(200).default(20),
  }),
  payee: z.strictObject({
    name: z.string().trim().min(1).max(64),
    address: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, at(WALLET_MESSAGES.address)),
    remark: z.string().trim().max(255).optional(),
  }),
  searchPayees: z.strictObject({ name: z.string().trim().max(64).optional() }).nullish(),
  issuance: z
    .strictObject({
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
    })
    .nullish(),
};

/** An unredeemed code is worth its amount to whoever holds it. */
const redeemCode = secret(
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,40}$/, at(WALLET_MESSAGES.redeemCode)),
);

export const sdkSchemas = {
  create: z.strictObject({
    amount: tokenAmount,
    count: z.coerce.number().int().min(1).max(1000),
    expiresAt: z.iso.datetime({ offset: true }),
    territory: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]{1,12}$/, 'territory')
      .optional(),
  }),
  use: z.strictObject({
    code: redeemCode,
    walletId: idString,
  }),
  send: z.strictObject({
    code: redeemCode,
    userId: idString,
    channel: z.enum(['mail', 'sms']).default('mail'),
  }),
};

/** What a payment or a swap answers: the transaction's hash at once; the status follows from the indexer. */
export interface PaymentAnswer {
  requestId: string;
  txHash: string;
  status: TxStatus;
}

export type TxStatus = 'pending' | 'confirmed' | 'failed';

/** One line of a wallet's history, as indexed from the chain (or still pending). */
export interface TxRow {
  txHash: string;
  blockNumber: string | null;
  time: string;
  /** transfer: YBI moved; swap: YBI sold for ETH; issue: YBI minted to the wallet (a code redeemed). */
  kind: 'transfer' | 'swap' | 'issue';
  direction: 'in' | 'out';
  from: string;
  to: string;
  /** YBI moved (decimal text). */
  amount: string;
  /** ETH received by a swap. */
  amountOut: string | null;
  status: TxStatus;
  confirmations: number;
}

export interface PayeeRow {
  id: string;
  name: string;
  address: string;
  remark: string;
}

/** Issuance per territory and per day, and the latest blocks (`clientApp/groupMiner`). */
export interface Issuance {
  territories: { code: string; name: string; total: string; share: number }[];
  daily: { day: string; code: string; amount: string }[];
  blocks: { number: string; hash: string; time: string; txCount: number }[];
}
