import { misc as enMisc } from './en-US/misc.ts';
import { addTexts } from './index.ts';
import { misc as zhMisc } from './zh-CN/misc.ts';

/** The download and test pages' texts, loaded with them (see lowcodeTexts.ts for why areas do not load at start). */
export const miscTexts = { zh: zhMisc, en: enMisc };
export type MiscTexts = typeof miscTexts.zh;

addTexts(miscTexts.zh, miscTexts.en);
