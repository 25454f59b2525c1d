import { gridDesign as enGridDesign } from './en-US/gridDesign.ts';
import { lowcode as enLowcode } from './en-US/lowcode.ts';
import { pageDesign as enPageDesign } from './en-US/pageDesign.ts';
import { addTexts } from './index.ts';
import { gridDesign as zhGridDesign } from './zh-CN/gridDesign.ts';
import { lowcode as zhLowcode } from './zh-CN/lowcode.ts';
import { pageDesign as zhPageDesign } from './zh-CN/pageDesign.ts';

/**
 * The low-code screens' texts, loaded with their chunk instead of at start: the sign-in page's initial JavaScript
 * has a budget (scripts/bundle-budget.mjs) that every area's texts would otherwise share.
 */
export const lowcodeTexts = {
  zh: { ...zhLowcode, ...zhPageDesign, ...zhGridDesign },
  en: { ...enLowcode, ...enPageDesign, ...enGridDesign },
};
export type LowcodeTexts = typeof lowcodeTexts.zh;

addTexts(lowcodeTexts.zh, lowcodeTexts.en);
