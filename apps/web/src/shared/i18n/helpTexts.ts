import { help as enHelp } from './en-US/help.ts';
import { addTexts } from './index.ts';
import { help as zhHelp } from './zh-CN/help.ts';

/**
 * The operation guide's texts (the help dialog's player and the help-video screen), loaded with their chunks: the
 * dialog itself loads on first use, so none of this is part of the start bundle.
 */
export const helpTexts = { zh: zhHelp, en: enHelp };
export type HelpTexts = typeof helpTexts.zh;

addTexts(helpTexts.zh, helpTexts.en);
