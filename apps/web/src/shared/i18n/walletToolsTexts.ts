import { walletTools as enWalletTools } from './en-US/walletTools.ts';
import { addTexts } from './index.ts';
import { walletTools as zhWalletTools } from './zh-CN/walletTools.ts';

/** The wallet tools' texts (exchange, payees, issuance, territory codes, redemption), loaded with their chunk. */
export const walletToolsTexts = { zh: zhWalletTools, en: enWalletTools };
export type WalletToolsTexts = typeof walletToolsTexts.zh;

addTexts(walletToolsTexts.zh, walletToolsTexts.en);
