import { erd as enErd } from './en-US/erd.ts';
import { addTexts } from './index.ts';
import { erd as zhErd } from './zh-CN/erd.ts';

/** The ER diagram's texts, loaded with its chunk (see lowcodeTexts.ts for why areas do not load at start). */
export const erdTexts = { zh: zhErd, en: enErd };
export type ErdTexts = typeof erdTexts.zh;

addTexts(erdTexts.zh, erdTexts.en);
