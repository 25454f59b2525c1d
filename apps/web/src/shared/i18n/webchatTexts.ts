import { webchat as enWebchat } from './en-US/webchat.ts';
import { addTexts } from './index.ts';
import { webchat as zhWebchat } from './zh-CN/webchat.ts';

/** The web chat's texts, loaded with its page and with the top bar's chat button (both lazy chunks). */
export const webchatTexts = { zh: zhWebchat, en: enWebchat };
export type WebchatTexts = typeof webchatTexts.zh;

addTexts(webchatTexts.zh, webchatTexts.en);
