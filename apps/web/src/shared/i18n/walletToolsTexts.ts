import { i18nAdmin as enI18nAdmin } from './en-US/i18nAdmin.ts';
import { walletTools as enWalletTools } from './en-US/walletTools.ts';
import { addTexts } from './index.ts';
import { i18nAdmin as zhI18nAdmin } from './zh-CN/i18nAdmin.ts';
import { walletTools as zhWalletTools } from './zh-CN/walletTools.ts';

/**
 * The wallet tools' texts (exchange, payees, issuance, territory codes, redemption) and the language-text screen's,
 * loaded with their chunk.
 */
export const walletToolsTexts = {
  zh: { ...zhWalletTools, ...zhI18nAdmin },
  en: { ...enWalletTools, ...enI18nAdmin },
};
export type WalletToolsTexts = typeof walletToolsTexts.zh;

addTexts(walletToolsTexts.zh, walletToolsTexts.en);
