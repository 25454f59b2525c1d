import { builder as enBuilder } from './en-US/builder.ts';
import { addTexts } from './index.ts';
import { builder as zhBuilder } from './zh-CN/builder.ts';

/**
 * The texts of the SQL editor, reports, code generator and datasource test, loaded with their chunks (see
 * lowcodeTexts.ts for why areas do not load at start).
 */
export const builderTexts = { zh: zhBuilder, en: enBuilder };
export type BuilderTexts = typeof builderTexts.zh;

addTexts(builderTexts.zh, builderTexts.en);
