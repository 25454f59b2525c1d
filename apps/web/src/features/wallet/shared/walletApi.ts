import type { Issuance, Page, PayeeRow, PaymentAnswer, TxRow, WalletRow } from '@yuan/contract';
import { call } from '../../../shared/api/http.ts';

const API = '/api/yuan-api';

/** A wallet's address and balances as the chain states them, and YBI's price in ETH from the pool. */
export interface WalletInfo {
  walletId: string;
  name: string;
  address: string;
  eth: string;
  ybi: string;
  ybiPriceEth: string;
  chainId: number;
}

export interface SwapQuote {
  amountIn: string;
  amountOut: string;
  priceImpactPercent: number;
}

/** How a payment is proven: the wallet password, or the 4-digit code mailed to the wallet's address. */
export type PayProof = { password: string } | { code: string };

const post = <T>(path: string, body: unknown = {}, guard = false) =>
  call<T>(`${API}/${path}`, { method: 'POST', body, guard });

export const walletApi = {
  list: () => post<WalletRow[]>('clientApp/listWallets'),
  create: (body: { name?: string; password: string; password2?: string; email: string; agreed: true }) =>
    post<WalletRow>('clientApp/createWallet', body, true),
  import: (body: {
    name?: string;
    password: string;
    password2?: string;
    email: string;
    agreed: true;
    privateKey: string;
  }) => post<WalletRow>('clientApp/importWallet', body, true),
  rename: (id: string, name: string) => post<WalletRow>('clientApp/showWalletName', { id, name }, true),
  info: (walletId?: string) => post<WalletInfo>('clientApp/getYuanInfo', walletId ? { walletId } : {}),
  quote: (amountIn: string) => post<SwapQuote>('clientApp/ybiToEth', { amountIn }),
  swap: (body: { walletId: string; amountIn: string; minOut: string; requestId: string } & PayProof) =>
    post<PaymentAnswer>('clientApp/ybiToEth', body),
  sendPayCode: (walletId: string) => post<boolean>('clientApp/sendPayCode', { walletId }, true),
  send: (body: { walletId: string; to: string; amount: string; requestId: string } & PayProof) =>
    post<PaymentAnswer>('clientApp/sendToken', body),
  transactions: (walletId: string, current: number, size: number) =>
    post<Page<TxRow>>('clientApp/transactionList', { walletId, current, size }),
  payees: (name?: string) => post<PayeeRow[]>('clientApp/searchPayeeList', name ? { name } : {}),
  addPayee: (body: { name: string; address: string; remark?: string }) =>
    post<PayeeRow>('clientApp/addNewPayee', body, true),
  issuance: (range: { from?: string; to?: string } = {}) => post<Issuance>('clientApp/groupMiner', range),
  createCodes: (body: { amount: string; count: number; expiresAt: string; territory?: string }) =>
    post<{ batchId: string; amount: string; expiresAt: string; territory: string | null; codes: string[] }>(
      'sdk/create',
      body,
      true,
    ),
  redeem: (code: string, walletId: string) =>
    post<{ amount: string; txHash: string }>('sdk/use', { code, walletId }, true),
  sendCode: (body: { code: string; userId: string; channel: 'mail' | 'sms' }) =>
    post<boolean>('clientApp/sendTerritoryCode', body, true),
};
