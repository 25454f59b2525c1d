import { website as enWebsite } from './en-US/website.ts';
import { addTexts } from './index.ts';
import { website as zhWebsite } from './zh-CN/website.ts';

/** The welcome page's texts, loaded with it (see lowcodeTexts.ts for why areas do not load at start). */
export const websiteTexts = { zh: zhWebsite, en: enWebsite };
export type WebsiteTexts = typeof websiteTexts.zh;

addTexts(websiteTexts.zh, websiteTexts.en);
