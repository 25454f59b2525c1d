import { defineTexts } from '../../../shared/i18n/index.ts';
import { webchat as enWebchat } from './en-US/webchat.ts';
import { webchat as zhWebchat } from './zh-CN/webchat.ts';

/** The texts of the web chat page and the top bar's chat button: they load with the domain's screens (see ../routes.ts). */
export const webchatTexts = defineTexts({ ...zhWebchat }, { ...enWebchat });
export type WebchatTexts = typeof webchatTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    webchat: WebchatTexts;
  }
}
