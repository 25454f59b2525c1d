import { defineTexts } from '../../../shared/i18n/index.ts';
import { wallet as enWallet } from './en-US/wallet.ts';
import { walletTools as enWalletTools } from './en-US/walletTools.ts';
import { wallet as zhWallet } from './zh-CN/wallet.ts';
import { walletTools as zhWalletTools } from './zh-CN/walletTools.ts';

/** The texts of wallet, exchange, payees, transfers, territory and SDK screens: they load with the domain's screens (see ../routes.ts). */
export const walletTexts = defineTexts({ ...zhWallet, ...zhWalletTools }, { ...enWallet, ...enWalletTools });
export type WalletTexts = typeof walletTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    wallet: WalletTexts;
  }
}
