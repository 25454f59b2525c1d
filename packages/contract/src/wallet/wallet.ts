import { z } from 'zod';
import { idString } from '../envelope.ts';
import { registerMessage } from '../form-messages.ts';

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
  passwordsDiffer: registerMessage('wallet.passwordsDiffer', [
    '两次密码输入不一致',
    'The two passwords differ',
  ]),
};

const at = (key: string) => `@${key}`;
const walletName = z.string().trim().min(1).max(64);
const newWallet = {
  name: walletName.optional(),
  password: z.string().min(6, at(WALLET_MESSAGES.password)).max(128),
  // A form-only confirmation: checked when sent, never stored.
  password2: z.string().max(128).optional(),
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
    privateKey: z
      .string()
      .trim()
      .regex(/^(0x)?[0-9a-fA-F]{64}$/, at(WALLET_MESSAGES.privateKey)),
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
